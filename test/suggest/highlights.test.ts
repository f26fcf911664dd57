// Issue 30, items 1 and 2: with no criteria, the suggester scores what makes a moment worth
// posting (hook, payoff, a whole story or answer) and skips filler; at least three clips for a
// video over a minute with speech, spread over it, and `clip_count` asks for more or fewer.
import { describe, expect, it } from 'vitest';
import { clipCount, suggestClips } from '../../daemon/pipeline/suggest/index.js';
import { selectSpread } from '../../daemon/pipeline/suggest/select.js';
import { momentsOf } from '../../daemon/pipeline/suggest/moments.js';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import type { Analysis, ProbeResult, Transcript } from '../../daemon/pipeline/types.js';

type Part = { name: string; sentences: string[] };

/** A recognised talk of paragraphs (turns): 0.3 s a word, 0.35 s between sentences, 1 s between paragraphs. */
function talkOf(parts: Part[]) {
  const words: Transcript['segments'][number]['words'] = [];
  const spans: { name: string; start: number; end: number }[] = [];
  const silences: Analysis['silences'] = [];
  let t = 1;
  for (const p of parts) {
    const start = t;
    p.sentences.forEach((s, k) => {
      if (k > 0) t += 0.35;
      for (const w of s.split(' ')) {
        words.push({ text: ` ${w}`, start: t, end: t + 0.28, confidence: 0.9 });
        t += 0.3;
      }
    });
    spans.push({ name: p.name, start, end: t });
    silences.push({ start: t, end: t + 1 });
    t += 1;
  }
  const duration = Math.round(t * 100) / 100;
  const transcript: Transcript = { language: 'en', engine: 'pocketsphinx', segments: [{ start: 1, end: t - 1, text: words.map((w) => w.text).join(''), words }] };
  const analysis: Analysis = { silences, loudness: Array.from({ length: Math.ceil(duration * 10) }, () => -20), loudnessStep: 0.1, scenes: [] };
  const probe = { duration, width: 640, height: 360, fps: 25, hasAudio: true, hasVideo: true } as ProbeResult;
  return { transcript, analysis, probe, spans };
}

const PARTS: Part[] = [
  { name: 'intro', sentences: ['hello and welcome back to the show', 'i am your host and it is great to have you here with us today', 'thanks for tuning in wherever you are listening from'] },
  { name: 'sponsor', sentences: ['this episode is brought to you by cloud box the simple way to back up your files', 'sign up today at cloud box dot com', 'use the code podcast for twenty percent off your first year'] },
  { name: 'story', sentences: ['my first week at the bakery the owner hands me a bag of flour and says feed the starter', 'i had no idea what a starter was', 'i spent twenty minutes asking everyone in the shop if they were the starter', 'it was a jar of goo in the fridge with a name tag that said gerald'] },
  { name: 'housekeeping', sentences: ['before we start a little housekeeping', 'please do not forget to subscribe and leave us a review', 'the link to the newsletter is in the description'] },
  { name: 'question', sentences: ['how do you actually get your first customer'] },
  { name: 'answer', sentences: ['you do not find them online you find them in your own phone', 'my first customer was my old boss who already trusted me', 'your first customer is someone who already trusts you'] },
  { name: 'number', sentences: ['here is a number that surprised me', 'the average office worker spends two and a half hours a day on email', 'that is more than a full working month every year spent on messages'] },
  { name: 'outro', sentences: ['well that is all we have time for today', 'thanks for listening and see you next week', 'bye for now'] },
];
const FILLER = new Set(['intro', 'sponsor', 'housekeeping', 'outro']);

describe('highlights without a request', () => {
  const talk = talkOf(PARTS);
  const share = (c: { start: number; end: number }, name: string) => {
    const s = talk.spans.find((x) => x.name === name)!;
    return Math.max(0, Math.min(c.end, s.end) - Math.max(c.start, s.start)) / (c.end - c.start);
  };

  it('puts planted moments first and no filler among the top clips, each with hook, payoff and self_contained', async () => {
    expect(talk.probe.duration).toBeGreaterThan(60);
    const clips = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en' });
    expect(clips.length).toBeGreaterThanOrEqual(3);
    for (const c of clips.slice(0, 3)) {
      const fillerShare = [...FILLER].reduce((a, n) => a + share(c, n), 0);
      expect(fillerShare, JSON.stringify(c)).toBeLessThan(0.5);
      expect(c.scores).toEqual({ hook: expect.any(Number), payoff: expect.any(Number), self_contained: expect.any(Number) });
      for (const v of Object.values(c.scores!)) expect(v).toBeGreaterThanOrEqual(0);
      for (const v of Object.values(c.scores!)) expect(v).toBeLessThanOrEqual(1);
    }
    // A clip on the answer keeps its question.
    const answer = clips.find((c) => share(c, 'answer') > 0.3);
    if (answer) expect(answer.start).toBeLessThanOrEqual(talk.spans.find((x) => x.name === 'question')!.start + 0.01);
  });

  it('gives `relevance` in scores only with criteria', async () => {
    const clips = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en', criteria: 'customers' });
    expect(clips[0].scores?.relevance).toEqual(expect.any(Number));
  });

  it('takes the count asked for (clip_count)', async () => {
    for (const n of [1, 2, 4]) {
      const clips = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en', clipCount: n });
      expect(clips.length).toBe(n);
    }
  });
});

describe('small talk without small-talk words', () => {
  it('counts a paragraph of several short sentences as filler, and neither one short line nor a story of long ones', () => {
    // Sentence ends as a recogniser with punctuation marks them.
    const dotted = (ps: Part[]) => ps.map((p) => ({ ...p, sentences: p.sentences.map((x) => `${x}.`) }));
    const talk = talkOf(dotted([
      { name: 'chat', sentences: ['my cat is asleep', 'lovely animal though', 'let me move this microphone', 'is that better'] },
      { name: 'question', sentences: ['how do you actually get your first customer'] },
      PARTS[2],
    ]));
    const src = buildSource(talk.transcript, talk.analysis, talk.probe, 'en');
    const moments = momentsOf(src);
    const filler = moments.paragraphs.map((p) => moments.filler(p.first, p.last + 1));
    expect(filler[0]).toBeGreaterThan(0.5);
    expect(filler[1]).toBe(0);
    expect(filler[2]).toBe(0);
  });
});

describe('how many clips, and from where', () => {
  it('gives at least 3 clips for a video over a minute with speech, about one per two minutes, at most 30', () => {
    expect([61, 100, 179, 181, 600, 1800, 3600, 7200].map((d) => clipCount(d, 0, d, { speech: true }))).toEqual([3, 3, 3, 3, 5, 15, 30, 30]);
    expect(clipCount(30, 0, 30, { speech: true })).toBe(1);
    expect(clipCount(600, 0, 600, { speech: true, asked: 12 })).toBe(12);
    // A section gets its share of the whole video's count.
    expect(clipCount(180, 0, 1800, { speech: true, asked: 20 })).toBe(2);
  });

  it('takes no more than half of the clips from one third while other thirds have candidates', () => {
    // The best candidates all sit in the first third.
    const cands = [
      ...Array.from({ length: 10 }, (_, i) => ({ start: i * 30, end: i * 30 + 25, u: 1 - i * 0.01 })),
      { start: 400, end: 425, u: 0.85 }, { start: 500, end: 525, u: 0.85 }, { start: 700, end: 725, u: 0.8 }, { start: 800, end: 825, u: 0.8 },
    ];
    const taken = selectSpread(cands, 6, (c) => c, (c) => c.u, undefined, 900);
    const thirds = [0, 1, 2].map((k) => taken.filter((c) => Math.floor(((c.start + c.end) / 2 / 900) * 3) === k).length);
    expect(taken.length).toBe(6);
    expect(Math.max(...thirds)).toBeLessThanOrEqual(3);
    // With nothing elsewhere (silence), or nothing worth half the best (filler), one third may give them all.
    expect(selectSpread(cands.slice(0, 10), 6, (c) => c, (c) => c.u, undefined, 900).length).toBe(6);
    const weak = selectSpread([...cands.slice(0, 10), { start: 600, end: 625, u: 0.3 }], 6, (c) => c, (c) => c.u, undefined, 900);
    expect(weak.every((c) => c.start < 300)).toBe(true);
  });
});
