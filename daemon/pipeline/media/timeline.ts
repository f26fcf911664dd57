// What the editor's timeline shows around a clip (issue 16, item 1: "A timeline of the clip with
// the source around it (waveform and thumbnails)"): the loudness peaks of a stretch of the source
// and a strip of its frames, both made with ffmpeg into work files.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg, runFfprobe } from '../ffmpeg/index.js';

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
 * A JPEG of `count` frames side by side, each `height` px high, one for each of `count` equal
 * slices of `span`: the key frame of the slice nearest its middle (one decoded frame), or, in a
 * slice without a key frame, the frame at its middle (decoded from the key frame before it). Never
 * the very end of the span, which may be past the last frame. Issue 29: key frames at the slices'
 * times alone gave one picture five times and a black tile where no key frame was left.
 */
export function thumbnailStrip(mediaPath: string, span: TimeSpan, count: number, height: number, signal?: AbortSignal): Promise<Buffer> {
  return inWorkDir(async (dir) => {
    const out = join(dir, 'strip.jpg');
    const step = (span.end - span.start) / count;
    const keys = await keyFrameTimes(mediaPath, span, signal);
    const times = Array.from({ length: count }, (_, i) => {
      const [from, mid] = [span.start + i * step, span.start + (i + 0.5) * step];
      const inSlice = keys.filter((k) => k >= from && k < from + step).sort((x, y) => Math.abs(x - mid) - Math.abs(y - mid));
      // A hundredth past the key frame: the seek lands on it, never on the one before.
      return inSlice.length ? inSlice[0] + 0.01 : mid;
    });
    const inputs = times.flatMap((t) => ['-ss', t.toFixed(3), '-t', '0.1', '-i', mediaPath]);
    const scaled = times.map((_, i) => `[${i}:v:0]trim=end_frame=1,scale=-2:${height},setsar=1[f${i}]`).join(';');
    const filter = `${scaled};${times.map((_, i) => `[f${i}]`).join('')}hstack=inputs=${count}`;
    await runFfmpeg([...inputs, '-an', '-filter_complex', filter, '-frames:v', '1', '-q:v', '5', out], { signal });
    return readFile(out);
  });
}

/** Times of the key frames of the video in `span` (read from the packets: nothing is decoded). */
async function keyFrameTimes(mediaPath: string, span: TimeSpan, signal?: AbortSignal): Promise<number[]> {
  const csv = await runFfprobe(['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `${span.start.toFixed(3)}%${span.end.toFixed(3)}`, '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', mediaPath], { signal });
  return csv.split('\n').filter((l) => /,K/.test(l)).map((l) => Number(l.split(',')[0])).filter((t) => Number.isFinite(t) && t >= span.start && t < span.end);
}
