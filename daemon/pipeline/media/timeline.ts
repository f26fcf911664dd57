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

/** A JPEG of `count` frames side by side, evenly spread over `span`, each `height` px high. */
export function thumbnailStrip(mediaPath: string, span: TimeSpan, count: number, height: number, signal?: AbortSignal): Promise<Buffer> {
  return inWorkDir(async (dir) => {
    const out = join(dir, 'strip.jpg');
    const length = span.end - span.start;
    const filter = `fps=${(count / length).toFixed(6)},scale=-2:${height},tile=${count}x1`;
    // Key frames only (FACTS.md: "Decoding only key frames makes scene analysis nearly free"): a
    // frame of the strip is the key frame at or before its time, near enough for a timeline.
    await runFfmpeg(['-skip_frame', 'nokey', '-ss', span.start.toFixed(3), '-t', length.toFixed(3), '-i', mediaPath, '-an', '-vf', filter, '-frames:v', '1', '-q:v', '5', out], { signal });
    return readFile(out);
  });
}
