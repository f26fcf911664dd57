// A unit of talk is a whole moment: a chatty aside ("yeah, you know, it is what it is, anyway"), an
// interjection ("right") and a follow-up ("and what about the oven") inside a story do not split
// it; a line leading in to a question opens the moment with it; a section of a longer video that
// holds no moment gives no clip unless clips were asked for or it is the last section and none
// came before (a video that is all small talk).
import { describe, expect, it } from 'vitest';
import { prepareCriteria, suggestSection } from '../../daemon/pipeline/suggest/index.js';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import { segmentTopics } from '../../daemon/pipeline/suggest/topics.js';
import { segmentUnits } from '../../daemon/pipeline/suggest/units.js';
import { spokenLines } from './spoken-lines.js';

const STORY: [string, string][] = [
  ['S2', 'my grandmother opened a bakery in the old mill by the river when she was nineteen'],
  ['S2', 'every morning she lit the oven at four and baked the bread before the sun came up'],
  ['S1', 'right'],
  ['S2', 'the first winter the flour froze in the sacks and the dough would not rise at all'],
  ['S2', 'yeah i mean you know it is what it is anyway sort of'],
  ['S2', 'so she carried the sacks of flour into her own kitchen and slept next to the oven'],
  ['S1', 'and what about the oven'],
  ['S2', 'the oven in the mill cracked in february and the whole village lent her their kitchens'],
  ['S2', 'by spring the bakery sold more bread than the two shops in the town together'],
];
const CHAT: [string, string][] = [
  ['S1', 'yeah it has been okay busy you know how it is'],
  ['S2', 'the weather has been a bit grey anyway'],
  ['S1', 'same here honestly okay good'],
  ['S2', 'yeah the usual stuff nothing special really'],
];

/** Lines 0.8 s apart, without punctuation (as from a recogniser), `repeat` times over. */
const talk = (lines: [string, string][], repeat = 1) => spokenLines(Array.from({ length: repeat }, () => lines).flat(), 0.8);

describe('a unit of talk is a whole moment', () => {
  it('keeps a story whole across a chatty aside, an interjection and a follow-up question', () => {
    const { transcript, analysis, probe } = talk([...CHAT.slice(0, 2), ...STORY, ...CHAT.slice(2)]);
    const src = buildSource(transcript, analysis, probe, 'en');
    const moments = segmentUnits(src, segmentTopics(src)).filter((u) => u.moment);
    expect(moments).toHaveLength(1);
    const first = src.words.findIndex((w) => w.token === 'grandmother') - 1;
    expect(moments[0].firstWord).toBe(first);
    expect(src.words[moments[0].endWord - 1].token).toBe('together');
  });

  it('opens a question with the line that leads in to it', () => {
    const { transcript, analysis, probe } = talk([...CHAT.slice(0, 2),
      ['S1', 'here is a question i have wanted to ask you for a while'],
      ['S1', 'how do you get a teenager to actually talk to you about their school'],
      ['S2', 'you stop trying to get them to talk and you find time side by side in the car'],
      ['S2', 'teenagers open up late at night so you stay up in the kitchen with a cup of tea'],
      ...CHAT.slice(2)]);
    const src = buildSource(transcript, analysis, probe, 'en');
    const moments = segmentUnits(src, segmentTopics(src)).filter((u) => u.moment);
    expect(moments).toHaveLength(1);
    expect(src.words.slice(moments[0].firstWord, moments[0].firstWord + 3).map((w) => w.token)).toEqual(['here', 'is', 'a']);
  });

  it('gives no clip for a section of a longer video without a moment, unless asked or the video is all small talk', async () => {
    const { transcript, analysis, probe } = talk(CHAT, 6);
    const criteria = await prepareCriteria(undefined, 'en');
    const section = (opts: { clipCount?: number; clipsBefore?: number }, holdBack: boolean) =>
      suggestSection(transcript, analysis, probe, { language: 'en', sourceDuration: probe.duration * 4, ...opts }, criteria, holdBack).clips;
    expect(section({ clipsBefore: 0 }, true)).toEqual([]);
    expect(section({ clipsBefore: 2 }, false)).toEqual([]);
    expect(section({ clipCount: 8, clipsBefore: 2 }, false).length).toBeGreaterThan(0);
    expect(section({ clipsBefore: 0 }, false).length).toBeGreaterThan(0);
  });
});
