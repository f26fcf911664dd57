// Issue 30, item 3: speakers told apart by pitch and pauses when no model is installed.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diarize, voicesOf, withSpeakers } from '../../daemon/pipeline/speakers/diarize.js';
import { pitchTrack } from '../../daemon/pipeline/speakers/pitch.js';
import { readWavInfo, wavHeader } from '../../daemon/pipeline/transcribe/wav.js';

const RATE = 16000;
/** Turns of a voiced sound (a pulse train: harmonics like a voice) at `hz`, 0.8 s of silence between. */
function turnsWav(turns: { hz: number; seconds: number }[]): { path: string; spans: { start: number; end: number }[] } {
  const samples: number[] = [];
  const spans: { start: number; end: number }[] = [];
  for (const t of turns) {
    const start = samples.length / RATE;
    for (let i = 0; i < t.seconds * RATE; i++) {
      const phase = ((i * t.hz) / RATE) % 1;
      samples.push(0.3 * (Math.sin(2 * Math.PI * phase) + 0.5 * Math.sin(4 * Math.PI * phase) + 0.3 * Math.sin(6 * Math.PI * phase)));
    }
    spans.push({ start, end: samples.length / RATE });
    for (let i = 0; i < 0.8 * RATE; i++) samples.push(0);
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(s * 32767), i * 2));
  const path = join(mkdtempSync(join(tmpdir(), 'clipper-pitch-')), 'turns.wav');
  writeFileSync(path, Buffer.concat([wavHeader({ sampleRate: RATE, channels: 1 }, data.length), data]));
  return { path, spans };
}

describe('heuristic diarization', () => {
  it('measures pitch and labels turns of two voices S1/S2 in order of appearance', async () => {
    const voices = [120, 210, 120, 210, 120];
    const { path, spans } = turnsWav(voices.map((hz) => ({ hz, seconds: 2 })));
    const pitch = await pitchTrack(await readWavInfo(path), path);
    const voiced = pitch.filter((p) => p > 0);
    expect(voiced.some((p) => Math.abs(p - 120) < 6)).toBe(true);
    expect(voiced.some((p) => Math.abs(p - 210) < 10)).toBe(true);
    // Words: one every 0.4 s inside each turn.
    const words: { start: number; end: number; speaker?: string }[] = spans.flatMap((s) => Array.from({ length: 5 }, (_, k) => ({ start: s.start + k * 0.4, end: s.start + k * 0.4 + 0.3 })));
    const turns = diarize(words, pitch, voicesOf(pitch));
    expect(turns.map((t) => t.speaker)).toEqual(['S1', 'S2', 'S1', 'S2', 'S1']);
    expect(withSpeakers(words, turns).map((w) => w.speaker).filter((s, i, a) => a.indexOf(s) === i)).toEqual(['S1', 'S2']);
  });

  it('keeps one voice as one speaker', async () => {
    const { path, spans } = turnsWav([130, 128, 133].map((hz) => ({ hz, seconds: 2 })));
    const pitch = await pitchTrack(await readWavInfo(path), path);
    const words = spans.map((s) => ({ start: s.start, end: s.end }));
    expect(new Set(diarize(words, pitch, voicesOf(pitch)).map((t) => t.speaker))).toEqual(new Set(['S1']));
  });
});
