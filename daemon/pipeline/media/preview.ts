import { runFfmpeg } from '../ffmpeg/run.js';
import { writeViaTemp } from '../temp-file.js';
import type { ProbeResult } from '../types.js';
import { MediaError } from './errors.js';
import type { FramingPlan } from '../framing/types.js';
import { framing, letterbox } from './framing.js';
import { probe as probeFile } from './probe.js';

export interface PreviewOptions {
  start: number;
  end: number;
  out: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The source's probe (probed here when not given). */
  probe?: ProbeResult;
  /** Pixels on the long (vertical) side; the issue allows at most 640. */
  longSide?: number;
  /** crop: fill the 9:16 frame, cutting the sides off (default); pad: show all, with bars. */
  fit?: 'crop' | 'pad';
  /** The clip's stored framing (issue 17: the same plan drives the preview and the renders). */
  plan?: FramingPlan;
}

export interface PreviewResult {
  path: string;
  width: number;
  height: number;
  duration: number;
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * Stage "previews": a low-resolution 9:16 H.264/AAC MP4 of [start, end] of the source, with
 * the index at the front (faststart) so a browser plays it at once. `-ss` before `-i` seeks in
 * the input (fast), and re-encoding keeps the cut frame-accurate.
 */
export async function renderPreview(source: string, opts: PreviewOptions): Promise<PreviewResult> {
  const probe = opts.probe ?? (await probeFile(source, { signal: opts.signal }));
  const start = Math.max(0, opts.start);
  const end = Math.min(opts.end, probe.duration);
  if (!(Number.isFinite(start) && Number.isFinite(end) && end > start)) {
    throw new MediaError(`preview range ${opts.start}..${opts.end} s is outside the media (0..${probe.duration} s)`);
  }
  const duration = Math.round((end - start) * 1000) / 1000;
  const height = even(Math.min(640, opts.longSide ?? 640));
  const width = even((height * 9) / 16);
  const cut = ['-ss', start.toFixed(3), '-t', duration.toFixed(3)];

  const args: string[] = [];
  let video: string;
  if (probe.hasVideo && probe.width && probe.height) {
    // One decoding thread: a preview is small, and each thread's frame buffers cost resident memory.
    args.push('-threads', '1', ...cut, '-i', source);
    const fps = probe.fps && probe.fps > 30.5 ? ',fps=30' : '';
    const frame = (opts.fit === 'pad' ? letterbox : framing)({ source: { width: probe.width, height: probe.height }, start, end, plan: opts.plan }, { width, height });
    video = `[0:v:0]${frame}${fps},format=yuv420p[v]`;
  } else {
    // Audio only: a still black frame to carry the sound.
    args.push('-f', 'lavfi', '-t', duration.toFixed(3), '-i', `color=c=black:s=${width}x${height}:r=25`, ...cut, '-i', source);
    video = `[0:v]format=yuv420p[v]`;
  }
  const audioInput = probe.hasVideo ? 0 : 1;
  args.push('-filter_complex', video, '-map', '[v]');
  if (probe.hasAudio) args.push('-map', `${audioInput}:a:0`, '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '44100');
  // One encoding thread (x264's frame threads and lookahead are most of its memory; the heavy queue already runs previews side by side).
  args.push('-c:v', 'libx264', '-threads', '1', '-preset', 'veryfast', '-crf', '28', '-movflags', '+faststart', '-map_metadata', '-1', '-t', duration.toFixed(3));

  await writeViaTemp(opts.out, (temp) =>
    runFfmpeg([...args, '-f', 'mp4', temp], { signal: opts.signal, onProgress: opts.onProgress, duration }),
  );
  return { path: opts.out, width, height, duration };
}
