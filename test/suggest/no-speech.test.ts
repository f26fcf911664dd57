// The no-speech engine gives an empty transcript: clips must still come from pauses, loudness
// peaks and scene changes (issue 4, "Transcription engines"; "Suggestion").
import { describe, expect, it } from 'vitest';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import { timeTitle } from '../../daemon/pipeline/suggest/title.js';
import type { Analysis, ProbeResult, Transcript } from '../../daemon/pipeline/types.js';
import { expectValidClips } from './invariants.js';
import { rng } from './synthetic.js';

const duration = 300;
const random = rng(21);
const silences: Analysis['silences'] = [];
for (let t = 12 + random() * 8; t < duration - 10; t += 14 + random() * 10) silences.push({ start: t, end: t + 0.8 + random() });
const scenes = [47.3, 96.1, 161.8, 233.4];
const inSilence = (t: number) => silences.some((s) => t >= s.start - 0.005 && t <= s.end + 0.005);
const LOUD = [120, 150];
const analysis: Analysis = {
  silences,
  scenes,
  loudnessStep: 0.1,
  loudness: Array.from({ length: duration * 10 }, (_, i) => {
    const t = i / 10;
    if (inSilence(t)) return -65;
    return (t >= LOUD[0] && t < LOUD[1] ? -12 : -28) + (random() - 0.5) * 4;
  }),
};
const probe: ProbeResult = { duration, width: 1920, height: 1080, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' };
const empty: Transcript = { engine: 'none', language: 'en', segments: [] };

describe('suggestClips with no speech', () => {
  it('cuts on pauses, scene changes, loudness changes and the edges, with neutral relevance and time titles', async () => {
    const clips = await suggestClips(empty, analysis, probe, { criteria: 'funny moments', language: 'en' });
    expectValidClips(clips, { transcript: empty, probe });
    expect(clips.length).toBe(3); // round(300 / 120)
    for (const c of clips) {
      expect(c.transcript).toBe('');
      expect(c.title).toBe(timeTitle(c.start));
      expect(c.score_breakdown.relevance).toBe(0.5);
      expect(c.end - c.start).toBeGreaterThanOrEqual(15);
      expect(c.end - c.start).toBeLessThanOrEqual(90);
      for (const t of [c.start, c.end]) {
        const loudnessChange = LOUD.some((x) => Math.abs(x - t) <= 1.5);
        const natural = inSilence(t) || scenes.some((s) => Math.abs(s - t) < 0.01) || loudnessChange || t === 0 || t === duration;
        expect(natural, `cut at ${t}`).toBe(true);
      }
      expect(c.reason).toMatch(/no speech/i);
    }
  });

  it('puts the loud passage in the best clip', async () => {
    const clips = await suggestClips(empty, analysis, probe, { language: 'en' });
    const covers = (c: { start: number; end: number }) => Math.min(c.end, LOUD[1]) - Math.max(c.start, LOUD[0]);
    expect(covers(clips[0])).toBeGreaterThan(20);
    const energies = clips.map((c) => c.score_breakdown.energy);
    expect(clips[0].score_breakdown.energy).toBe(Math.max(...energies));
  });

  it('treats a transcript of recogniser markers only as no speech, and still works without any analysis', async () => {
    const markers: Transcript = { engine: 'pocketsphinx', language: 'en', segments: [{ text: '<sil>', start: 0, end: 5, words: [{ text: '<sil>', start: 0, end: 5 }] }] };
    const bare: Analysis = { silences: [], loudness: [], loudnessStep: 0.5, scenes: [] };
    const clips = await suggestClips(markers, bare, probe, { language: 'en', targetDuration: 30 });
    expectValidClips(clips, { transcript: markers, probe });
    expect(clips.length).toBe(3);
    for (const c of clips) expect(c.end - c.start).toBeCloseTo(30, 0);
  });

  it('names clips by their start time', () => {
    expect(timeTitle(135.4)).toBe('Highlight at 2:15');
    expect(timeTitle(7)).toBe('Highlight at 0:07');
    expect(timeTitle(3725)).toBe('Highlight at 1:02:05');
  });
});
