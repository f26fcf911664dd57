import { describe, expect, it } from 'vitest';
import { clipCount, suggestClips } from '../../daemon/pipeline/suggest/index.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { expectValidClips, shareIn } from './invariants.js';
import { makeTalk, TOPICS, type Topic } from './synthetic.js';

const ALL = Object.values(TOPICS);
// About 10 minutes: eight topic paragraphs of about 70 s, sentence pauses and paragraph pauses.
const talk = makeTalk(ALL);
const suggest = (t: typeof talk, criteria?: string, targetDuration?: number) =>
  suggestClips(t.transcript, t.analysis, t.probe, { criteria, targetDuration, language: 'en' });

describe('suggestClips on a 10-minute synthetic talk', () => {
  it('picks the paragraph about the criteria, found through WordNet synonyms: "cost" -> price', async () => {
    const clips = await suggest(talk, 'cost');
    expectValidClips(clips, talk);
    expect(shareIn(clips[0], talk, 'pricing')).toBeGreaterThan(0.8);
    expect(clips[0].score_breakdown.relevance).toBeGreaterThan(0.5);
    expect(clips[0].reason).toMatch(/"pric/);
    // Clips elsewhere in the talk do not mention it.
    const garden = clips.find((c) => shareIn(c, talk, 'garden') > 0.8);
    if (garden) expect(garden.score_breakdown.relevance).toBeLessThan(0.2);
  });

  it('"funny" picks the paragraph with "hilarious" and "amusing"', async () => {
    const clips = await suggest(talk, 'funny');
    expectValidClips(clips, talk);
    expect(shareIn(clips[0], talk, 'humour')).toBeGreaterThan(0.8);
    expect(clips[0].reason).toMatch(/hilarious|amusing|comic/);
  });

  it('finds other topics by their own words, and ranks by score', async () => {
    for (const [criteria, topic] of [['trains and railways', 'trains'], ['baking bread', 'bread'], ['rockets', 'space']]) {
      const clips = await suggest(talk, criteria);
      expect(shareIn(clips[0], talk, topic), criteria).toBeGreaterThan(0.8);
    }
  });

  it('gives about one clip per two minutes, each 15 to 90 s when no target is given', async () => {
    const clips = await suggest(talk);
    expectValidClips(clips, talk);
    expect(clips.length).toBe(clipCount(talk.probe.duration));
    expect(clips.length).toBe(5);
    for (const c of clips) {
      expect(c.end - c.start).toBeGreaterThanOrEqual(15);
      expect(c.end - c.start).toBeLessThanOrEqual(90);
    }
    // General highlights: each clip stays within one topic.
    for (const c of clips) expect(Math.max(...ALL.map((t) => shareIn(c, talk, t.name)))).toBeGreaterThan(0.75);
  });

  it('keeps clip lengths near target_duration', async () => {
    for (const target of [20, 30, 60]) {
      const clips = await suggest(talk, 'music', target);
      expectValidClips(clips, talk);
      const lengths = clips.map((c) => c.end - c.start);
      for (const l of lengths) {
        expect(l).toBeGreaterThanOrEqual(target * 0.75);
        expect(l).toBeLessThanOrEqual(target * 1.25);
      }
      const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
      expect(Math.abs(mean - target)).toBeLessThan(target * 0.15);
    }
  });

  it('is deterministic', async () => {
    expect(await suggest(talk, 'cost')).toEqual(await suggest(talk, 'cost'));
  });
});

describe('recognition errors and speech styles', () => {
  it('a misrecognised word still matches by sound: "prizing" for "pricing"', async () => {
    const misheard: Topic = { name: 'pricing', words: ['prizing', 'our prizing page', 'the prizing model', 'prizing tiers', 'discounts'] };
    const t = makeTalk([TOPICS.garden, TOPICS.trains, misheard, TOPICS.music, TOPICS.sleep], { seed: 11 });
    const clips = await suggest(t, 'pricing');
    expectValidClips(clips, t);
    expect(shareIn(clips[0], t, 'pricing')).toBeGreaterThan(0.8);
    expect(clips[0].score_breakdown.relevance).toBeGreaterThan(0.3);
    expect(clips[0].reason).toMatch(/"prizing" \(sounds like "pric/);
  });

  it('never cuts a word in continuous speech without pauses', async () => {
    let t0 = 0.5;
    const words = Array.from({ length: 400 }, (_, i) => {
      const w = { text: ['we', 'keep', 'talking', 'about', 'garden', 'soil', 'without', 'stopping'][i % 8], start: t0, end: t0 + 0.3 };
      t0 = Math.round((t0 + 0.31) * 100) / 100;
      return w;
    });
    const transcript: Transcript = { engine: 'pocketsphinx', language: 'en', segments: [{ text: words.map((w) => w.text).join(' '), start: 0.5, end: t0, words }] };
    const probe = { ...talk.probe, duration: t0 + 1 };
    const clips = await suggestClips(transcript, { silences: [], loudness: [], loudnessStep: 0.1, scenes: [] }, probe, { language: 'en' });
    expectValidClips(clips, { transcript, probe });
  });

  it('reads whisper-style cased and punctuated words, keeps their casing in titles and sees questions', async () => {
    const base = makeTalk([TOPICS.garden, TOPICS.pricing, TOPICS.trains], { seed: 5 });
    const transcript: Transcript = {
      ...base.transcript,
      engine: 'whisper.cpp',
      segments: base.transcript.segments.map((s, i) => ({
        ...s,
        words: s.words.map((w, k) => ({ ...w, text: ` ${k === 0 ? w.text[0].toUpperCase() + w.text.slice(1) : w.text}${k === s.words.length - 1 ? (i % 4 === 0 ? '?' : '.') : ''}` })),
      })),
    };
    const clips = await suggestClips(transcript, base.analysis, base.probe, { criteria: 'price', language: 'en' });
    expect(shareIn(clips[0], base, 'pricing')).toBeGreaterThan(0.8);
    for (const c of clips) expect(c.title).not.toMatch(/[.?]$/);
    expect(clips.some((c) => /question/.test(c.reason))).toBe(true);
  });
});

describe('counts and edge cases', () => {
  it('scales the number of clips with the source, at most 30', async () => {
    expect([30, 100, 179, 181, 600, 1800, 3600, 7200].map((d) => clipCount(d))).toEqual([1, 1, 1, 2, 5, 15, 30, 30]);
    const short = makeTalk([TOPICS.garden, TOPICS.pricing], { sentencesPer: 10 });
    // One clip per moment: a short video with two moments (here two topics) gives two clips,
    // though a video over a minute with speech may give three.
    expect((await suggest(short)).length).toBe(clipCount(short.probe.duration, 2));
    expect(short.probe.duration).toBeGreaterThan(60);
    expect(clipCount(short.probe.duration, 2)).toBe(2);
  });

  it('gives one clip, the whole source, when it is shorter than 15 s', async () => {
    const tiny = makeTalk([TOPICS.garden], { sentencesPer: 2 });
    expect(tiny.probe.duration).toBeLessThan(15);
    const clips = await suggest(tiny, 'garden');
    expectValidClips(clips, tiny);
    expect(clips).toHaveLength(1);
    expect(clips[0].start).toBe(0);
    expect(clips[0].end).toBe(Math.floor(tiny.probe.duration * 100) / 100);
    expect(clips[0].transcript.split(' ').length).toBe(tiny.transcript.segments.flatMap((s) => s.words).length);
  });

  it('rates a louder passage as more energetic', async () => {
    const t = makeTalk([TOPICS.garden, { ...TOPICS.space, loudness: -11 }, TOPICS.bread, TOPICS.sleep], { seed: 9 });
    const clips = await suggest(t);
    const loud = clips.filter((c) => shareIn(c, t, 'space') > 0.8);
    const quiet = clips.filter((c) => shareIn(c, t, 'space') < 0.2);
    expect(loud.length).toBeGreaterThan(0);
    expect(quiet.length).toBeGreaterThan(0);
    for (const q of quiet) expect(loud[0].score_breakdown.energy).toBeGreaterThan(q.score_breakdown.energy);
  });
});
