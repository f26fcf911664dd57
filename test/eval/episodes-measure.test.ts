// The figures of the no-request episodes (eval/episodes/measure.ts, issue 30, item 5).
import { describe, expect, it } from 'vitest';
import { measureEpisode } from '../../eval/episodes/measure.js';
import type { EpisodeScript, EpisodeTimes } from '../../eval/episodes/script.js';

const script: EpisodeScript = {
  name: 'e', voices: 2, turns: [
    { speaker: 0, kind: 'sponsor', text: 'Buy things. Use the code.' },
    { speaker: 0, kind: 'qa', text: 'Why?', highlight: 'qa-1' },
    { speaker: 1, kind: 'qa', text: 'Because. That is why.', highlight: 'qa-1', payoff: true },
    { speaker: 0, kind: 'smalltalk', text: 'Nice weather.' },
  ],
};
const times: EpisodeTimes = {
  duration: 90,
  sentences: [
    { turn: 0, speaker: 0, start: 1, end: 10, text: 'Buy things.' }, { turn: 0, speaker: 0, start: 10.4, end: 20, text: 'Use the code.' },
    { turn: 1, speaker: 0, start: 21, end: 25, text: 'Why?' },
    { turn: 2, speaker: 1, start: 26, end: 40, text: 'Because.' }, { turn: 2, speaker: 1, start: 40.4, end: 55, text: 'That is why.' },
    { turn: 3, speaker: 0, start: 56, end: 89, text: 'Nice weather.' },
  ],
};

describe('measureEpisode', () => {
  it('counts planted, filler and cut clips, the sponsor first, the spread and the speaker error', () => {
    const clips = [
      { start: 1, end: 20, title: 'sponsor', score: 0.9 },
      { start: 21, end: 55, title: 'whole answer', score: 0.8 },
      { start: 26, end: 45, title: 'cut answer', score: 0.7 },
    ];
    const words = [{ start: 21, end: 25, speaker: 'S1' }, { start: 26, end: 55, speaker: 'S2' }];
    const f = measureEpisode(script, times, clips, words);
    expect(f).toMatchObject({ clips: 3, top: 3, planted: 2, filler: 1, cut: 1, noSetup: 1, sponsorFirst: true, der: 0 });
    expect(f.thirdShare).toBeCloseTo(2 / 3);
    expect(measureEpisode(script, times, clips, words.map((w) => ({ ...w, speaker: 'S1' }))).der).toBeCloseTo(4 / 34, 1);
    expect(measureEpisode(script, times, clips, [{ start: 21, end: 55 }]).der).toBeNull();
  });
});
