import { spawn } from 'node:child_process';

/**
 * What renders need from the media layer. INTERIM: the media branch owns the one ffmpeg spawn
 * wrapper (daemon/pipeline/...); until it lands on main this file adapts a bare spawn, and it
 * is the only place to change when switching to it.
 */
export interface MediaTools {
  /** Runs ffmpeg; `onProgress` gets 0..1 of `durationSec`; rejects on failure; abort kills it. */
  ffmpeg(args: string[], opts: { durationSec: number; signal?: AbortSignal; onProgress?: (p: number) => void }): Promise<void>;
  /** Whether the file has an audio stream. */
  hasAudio(file: string): Promise<boolean>;
}

export const interimMediaTools: MediaTools = {
  ffmpeg(args, opts) {
    return new Promise((resolve, reject) => {
      const child = spawn('ffmpeg', ['-progress', 'pipe:1', '-nostats', ...args], { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
      child.stdout.on('data', (d: Buffer) => {
        const m = /out_time_us=(\d+)/.exec(d.toString());
        if (m && opts.onProgress) opts.onProgress(Math.min(1, Number(m[1]) / 1e6 / opts.durationSec));
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`))));
    });
  },
  hasAudio(file) {
    return new Promise((resolve, reject) => {
      const child = spawn('ffprobe', ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', file]);
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(out.trim().length > 0) : reject(new Error(`ffprobe failed on ${file}`))));
    });
  },
};
