import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse, extractAudio, MediaError, probe, renderPreview } from '../../daemon/pipeline/media/index.js';
import { runFfmpeg } from '../../daemon/pipeline/ffmpeg/run.js';
import { readWavInfo } from '../../daemon/pipeline/transcribe/wav.js';
import type { ProbeResult } from '../../daemon/pipeline/types.js';
import { fixture, tempDir, type FixtureExpectation } from './helpers.js';

let video: string;
let expected: FixtureExpectation;
let probed: ProbeResult;
let wav: string;
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  ({ video, expected } = fixture('topics'));
  probed = await probe(video);
  wav = await extractAudio(video, join(dir, 'shared.wav'), { probe: probed });
});

describe('probe', () => {
  it('summarises a video', () => {
    expect(probed).toMatchObject({ width: 640, height: 360, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' });
    expect(probed.duration).toBeCloseTo(expected.duration, 0);
  });

  it('refuses a file that is not media, with a readable MediaError', async () => {
    const text = join(dir, 'notes.mp4');
    writeFileSync(text, 'this is not a video');
    await expect(probe(text)).rejects.toBeInstanceOf(MediaError);
    await expect(probe(join(dir, 'missing.mp4'))).rejects.toThrow(/cannot read the media/);
  });

  it('summarises an audio-only file', async () => {
    expect(await probe(wav)).toMatchObject({ hasVideo: false, hasAudio: true, width: null, height: null, fps: null, audioCodec: 'pcm_s16le' });
  });
});

describe('the committed sample', () => {
  it('is a spoken 480p video of 60 to 120 s, well under 5 MB, as its JSON says', async () => {
    const sample = fixture('sample');
    const p = await probe(sample.video);
    expect(p).toMatchObject({ width: sample.expected.width, height: 480, hasAudio: true, hasVideo: true });
    expect(p.duration).toBeGreaterThan(60);
    expect(p.duration).toBeLessThan(120);
    expect(Math.abs(p.duration - sample.expected.duration)).toBeLessThan(0.1);
    expect(statSync(sample.video).size).toBeLessThan(2 * 1024 * 1024);
    expect(sample.expected.segments.length).toBeGreaterThanOrEqual(5);
  });
});

describe('extractAudio', () => {
  it('writes 16 kHz mono 16-bit PCM of the whole source, with progress', async () => {
    const seen: number[] = [];
    const out = join(dir, 'audio.wav');
    await extractAudio(video, out, { probe: probed, onProgress: (p) => seen.push(p) });
    const info = await readWavInfo(out);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, dataOffset: 44 });
    expect(info.duration).toBeCloseTo(expected.duration, 0);
    expect(seen.at(-1)).toBe(1);
    // Nothing but the result is left in the folder (the temp file was renamed).
    expect(readdirSync(dir).filter((f) => f.includes('.audio.wav'))).toEqual([]);
  });

  it('refuses a source without audio', async () => {
    await expect(extractAudio(video, join(dir, 'x.wav'), { probe: { ...probed, hasAudio: false } })).rejects.toBeInstanceOf(MediaError);
  });
});

describe('analyse', () => {
  it('finds the pauses, the scene cuts and the loudness of the spoken video in one pass', async () => {
    const seen: number[] = [];
    const a = await analyse(video, probed, { onProgress: (p) => seen.push(p) });
    // Every pause put between the topics is (almost all) inside one detected silence.
    for (const pause of expected.pauses) {
      const hit = a.silences.find((s) => s.start <= pause.start + 0.3 && s.end >= pause.end - 0.3);
      expect(hit, `pause ${pause.start}-${pause.end} in ${JSON.stringify(a.silences)}`).toBeDefined();
    }
    // No silence is reported in the middle of a long stretch of speech.
    expect(a.silences.every((s) => s.end - s.start < 3)).toBe(true);
    // Each cut is found within a frame, and nothing else is called a cut.
    expect(a.scenes.length).toBe(expected.scenes.length);
    expected.scenes.forEach((t, i) => expect(Math.abs(a.scenes[i] - t)).toBeLessThan(0.05));
    // Loudness: one value per half second, the floor before anyone speaks, speech well above it.
    expect(a.loudnessStep).toBe(0.5);
    expect(a.loudness.length).toBe(Math.ceil(probed.duration / 0.5));
    expect(a.loudness[0]).toBe(-70);
    const mid = expected.segments[1];
    expect(a.loudness[Math.floor((mid.start + mid.end) / 2 / 0.5)]).toBeGreaterThan(-35);
    expect(seen.at(-1)).toBe(1);
  });

  it('analyses audio-only media without scenes', async () => {
    const a = await analyse(wav, await probe(wav));
    expect(a.scenes).toEqual([]);
    expect(a.silences.length).toBeGreaterThanOrEqual(expected.pauses.length);
  });
});

const dims = async (file: string) => {
  const p = await probe(file);
  return { width: p.width, height: p.height, duration: p.duration, hasAudio: p.hasAudio, codecs: [p.videoCodec, p.audioCodec] };
};

describe('renderPreview', () => {
  it('renders a 9:16 360x640 H.264/AAC MP4 of the range, index first', async () => {
    const out = join(dir, 'preview.mp4');
    const seen: number[] = [];
    const r = await renderPreview(video, { start: 10, end: 20, out, probe: probed, onProgress: (p) => seen.push(p) });
    expect(r).toMatchObject({ width: 360, height: 640, duration: 10 });
    const d = await dims(out);
    expect(d).toMatchObject({ width: 360, height: 640, hasAudio: true, codecs: ['h264', 'aac'] });
    expect(d.duration).toBeGreaterThan(9.9);
    expect(d.duration).toBeLessThan(10.2);
    const head = readFileSync(out);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    expect(seen.at(-1)).toBe(1);
  });

  it('fits portrait and square sources, cropping or padding, and never exceeds 640 px', async () => {
    const portrait = join(dir, 'portrait.mp4');
    const square = join(dir, 'square.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=480x854:rate=30:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', portrait]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=300x300:rate=60:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', square]);
    for (const [src, fit] of [[portrait, 'crop'], [square, 'crop'], [square, 'pad'], [video, 'pad']] as const) {
      const out = join(dir, `fit-${fit}-${src.length}.mp4`);
      await renderPreview(src, { start: 0.2, end: 0.8, out, fit, longSide: 480 });
      const d = await dims(out);
      expect(d, `${src} ${fit}`).toMatchObject({ width: 270, height: 480 });
      expect(d.duration).toBeCloseTo(0.6, 0);
    }
    const square60 = await probe(join(dir, `fit-crop-${square.length}.mp4`));
    expect(square60.hasAudio).toBe(false);
    expect(square60.fps).toBe(30);
    const big = await renderPreview(portrait, { start: 0, end: 0.5, out: join(dir, 'big.mp4'), longSide: 4000 });
    expect(big.height).toBe(640);
  });

  it('gives audio-only media a still frame', async () => {
    const out = join(dir, 'audio-preview.mp4');
    await renderPreview(wav, { start: 2, end: 4, out });
    expect(await dims(out)).toMatchObject({ width: 360, height: 640, hasAudio: true });
  });

  it('refuses a range outside the media and leaves no file', async () => {
    const out = join(dir, 'never.mp4');
    await expect(renderPreview(video, { start: 50, end: 60, out, probe: probed })).rejects.toBeInstanceOf(MediaError);
    await expect(renderPreview(video, { start: 5, end: 5, out, probe: probed })).rejects.toBeInstanceOf(MediaError);
    expect(existsSync(out)).toBe(false);
  });

  it('stops on abort and leaves neither the output nor a temp file', async () => {
    const out = join(dir, 'aborted.mp4');
    const ac = new AbortController();
    const err = await renderPreview(video, { start: 0, end: 30, out, probe: probed, signal: ac.signal, onProgress: () => ac.abort() }).catch((e: Error) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(readdirSync(dir).filter((f) => f.includes('aborted'))).toEqual([]);
  });
});
