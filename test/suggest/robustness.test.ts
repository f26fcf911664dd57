// Engines and analysers produce odd data now and then: overlapping or zero-length words, words past
// the end of the media, -inf loudness, silences out of order. The suggester must still keep its rules.
import { describe, expect, it } from 'vitest';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import type { Analysis, ProbeResult, Segment, Transcript } from '../../daemon/pipeline/types.js';
import { expectValidClips } from './invariants.js';
import { rng } from './synthetic.js';

const VOCAB = ['price', 'garden', 'the', 'and', 'you', 'hilarious', 'why', 'train', 'um', '<sil>', 'seven', 'amazing', 'price(2)', '[NOISE]'];

function oddSource(seed: number): { transcript: Transcript; analysis: Analysis; probe: ProbeResult } {
  const random = rng(seed);
  const duration = Math.round((20 + random() * 400) * 100) / 100;
  const segments: Segment[] = [];
  let t = random() * 3;
  while (t < duration + 2) {
    const words = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
      const start = Math.round(t * 100) / 100;
      const len = random() < 0.05 ? 0 : 0.1 + random() * 0.5;
      // Now and then the next word starts before this one ends (overlapping timings).
      t += random() < 0.1 ? len * 0.5 : len + random() * 0.2;
      return { text: VOCAB[Math.floor(random() * VOCAB.length)], start, end: Math.round((start + len) * 100) / 100 };
    });
    segments.push({ text: words.map((w) => w.text).join(' '), start: words[0].start, end: words[words.length - 1].end, words });
    t += random() * 3;
  }
  const step = [0.1, 0.5, 1][Math.floor(random() * 3)];
  const analysis: Analysis = {
    silences: Array.from({ length: 20 }, () => {
      const s = random() * duration;
      return { start: s, end: s + random() * 2 };
    }),
    loudness: Array.from({ length: Math.floor(duration / step) }, () => (random() < 0.05 ? -Infinity : -50 + random() * 45)),
    loudnessStep: step,
    scenes: Array.from({ length: 5 }, () => random() * duration * 1.1),
  };
  const probe: ProbeResult = { duration, width: null, height: null, fps: null, hasAudio: true, hasVideo: false, videoCodec: null, audioCodec: 'mp3' };
  return { transcript: { engine: 'pocketsphinx', language: 'en', segments }, analysis, probe };
}

describe('suggestClips on odd input', () => {
  it.each(Array.from({ length: 24 }, (_, i) => i + 1))('keeps every rule (seed %i)', async (seed) => {
    const source = oddSource(seed);
    const criteria = seed % 3 === 0 ? undefined : seed % 3 === 1 ? 'price' : 'funny';
    const target = seed % 4 === 0 ? 20 + seed : undefined;
    const clips = await suggestClips(source.transcript, source.analysis, source.probe, { criteria, targetDuration: target, language: 'en' });
    expectValidClips(clips, source);
    // The README's length rules: 15 to 90 s without a target (a source under 15 s is one clip),
    // within 20% of target_duration with one (shorter only when the source is).
    for (const c of clips) {
      const length = c.end - c.start;
      if (target) expect(length).toBeLessThanOrEqual(1.2 * target + 0.01);
      if (target && source.probe.duration >= 1.2 * target) expect(length).toBeGreaterThanOrEqual(0.8 * target - 0.01);
      if (!target) expect(length).toBeLessThanOrEqual(90.01);
      if (!target && source.probe.duration >= 15) expect(length).toBeGreaterThanOrEqual(14.99);
    }
    // Issue 20, item 3: a video up to 4 minutes gets a clip per topic, up to three; issue 30,
    // item 1: at least three for a video over a minute that has speech.
    const speech = source.transcript.segments.some((s) => s.words.length > 0) && source.probe.duration > 60;
    expect(clips.length).toBeLessThanOrEqual(Math.max(source.probe.duration <= 240 || speech ? 3 : 1, Math.round(source.probe.duration / 120)));
  });
});

it('gives no clip for a source without duration or signal', async () => {
  const probe: ProbeResult = { duration: 0, width: null, height: null, fps: null, hasAudio: false, hasVideo: false, videoCodec: null, audioCodec: null };
  const clips = await suggestClips({ engine: 'none', language: 'en', segments: [] }, { silences: [], loudness: [], loudnessStep: 1, scenes: [] }, probe, { language: 'en' });
  expect(clips).toEqual([]);
});
