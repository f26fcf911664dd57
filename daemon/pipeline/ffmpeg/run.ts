import { runProcess, type RunOptions, type RunResult } from '../process.js';
import { mediaTool } from './binaries.js';
import { progressParser } from './progress.js';

export interface FfmpegOptions {
  signal?: AbortSignal;
  /** 0..1 as the output grows; needs `duration`. */
  onProgress?: (fraction: number) => void;
  /** Expected duration of the output in seconds (what progress is measured against). */
  duration?: number;
  /** Each stderr line (filters such as silencedetect report there). */
  onStderrLine?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  onSpawn?: RunOptions['onSpawn'];
}

/**
 * Runs ffmpeg with `args` (inputs, filters, outputs). Adds what every run needs: no banner, no
 * reading of stdin, overwrite (callers write to temp files), and machine-readable progress on
 * stdout instead of the interactive status line.
 */
export async function runFfmpeg(args: string[], opts: FfmpegOptions = {}): Promise<RunResult> {
  const tool = await mediaTool('ffmpeg', opts.env);
  const parse = opts.onProgress ? progressParser(opts.duration, opts.onProgress) : undefined;
  return runProcess(tool.path, ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', ...args], {
    signal: opts.signal,
    onStdoutLine: parse,
    onStderrLine: opts.onStderrLine,
    env: opts.env,
    onSpawn: opts.onSpawn,
  });
}

/** Runs ffprobe and returns its stdout (callers ask for JSON). */
export async function runFfprobe(args: string[], opts: { signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const tool = await mediaTool('ffprobe', opts.env);
  const { stdout } = await runProcess(tool.path, ['-hide_banner', ...args], { signal: opts.signal, captureStdout: true, env: opts.env });
  return stdout;
}
