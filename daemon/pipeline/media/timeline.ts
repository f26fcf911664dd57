// What the editor's timeline shows around a clip (issue 16, item 1: "A timeline of the clip with
// the source around it (waveform and thumbnails)"): the loudness peaks of a stretch of the source
// and a strip of its frames, both made with ffmpeg into work files.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../ffmpeg/index.js';

export interface TimeSpan {
  start: number;
  end: number;
}

/** Samples a second the peaks are measured on (a waveform needs no more). */
const PEAK_RATE = 8000;

async function inWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'clipper-timeline-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `points` peaks of the source's sound over `span`, each 0..1 (the loudest sample of its slice of
 * time, mono). A source without sound gives zeros.
 */
export function audioPeaks(mediaPath: string, span: TimeSpan, points: number, opts: { hasAudio: boolean; signal?: AbortSignal }): Promise<number[]> {
  if (!opts.hasAudio) return Promise.resolve(new Array(points).fill(0));
  return inWorkDir(async (dir) => {
    const out = join(dir, 'audio.raw');
    const length = span.end - span.start;
    await runFfmpeg(['-ss', span.start.toFixed(3), '-t', length.toFixed(3), '-i', mediaPath, '-vn', '-ac', '1', '-ar', String(PEAK_RATE), '-f', 's16le', '-c:a', 'pcm_s16le', out], { signal: opts.signal });
    const raw = await readFile(out);
    const samples = new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 2));
    const per = (length * PEAK_RATE) / points;
    return Array.from({ length: points }, (_, i) => {
      let peak = 0;
      for (let k = Math.floor(i * per); k < Math.min(samples.length, Math.floor((i + 1) * per)); k++) peak = Math.max(peak, Math.abs(samples[k]));
      return Math.round((peak / 32768) * 1000) / 1000;
    });
  });
}

/**
 * A JPEG of `count` frames side by side, each `height` px high: the frame in the middle of each
 * of `count` equal slices of `span` (never its very end, which may be past the last frame). Each
 * frame is its own input, seeked to its time (issue 29: key frames alone gave one picture five
 * times and a black tile where no key frame was left).
 */
export function thumbnailStrip(mediaPath: string, span: TimeSpan, count: number, height: number, signal?: AbortSignal): Promise<Buffer> {
  return inWorkDir(async (dir) => {
    const out = join(dir, 'strip.jpg');
    const step = (span.end - span.start) / count;
    const inputs = Array.from({ length: count }, (_, i) => ['-ss', (span.start + (i + 0.5) * step).toFixed(3), '-i', mediaPath]).flat();
    const scaled = Array.from({ length: count }, (_, i) => `[${i}:v:0]trim=end_frame=1,scale=-2:${height},setsar=1[f${i}]`).join(';');
    const filter = `${scaled};${Array.from({ length: count }, (_, i) => `[f${i}]`).join('')}hstack=inputs=${count}`;
    await runFfmpeg([...inputs, '-an', '-filter_complex', filter, '-frames:v', '1', '-q:v', '5', out], { signal });
    return readFile(out);
  });
}
