import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_SOURCE_BYTES } from './download.js';

/** yt-dlp is missing: the job ends in `error` saying what to install (issue 4, item 1). */
export class YtDlpMissingError extends Error {
  constructor(bin: string) {
    super(`This is a video-platform link, which is imported with yt-dlp, but "${bin}" is not installed. Install it (Debian: apt-get install yt-dlp; or pip install yt-dlp) and create the job again.`);
  }
}

export interface PlatformImport {
  file: string;
  title: string;
}

/**
 * Imports a video-platform link with yt-dlp into `dir`: the video at up to 1080p (previews and
 * renders need no more), merged to MP4, capped at the 8 GB of source links. The title it prints
 * names the job's folder (spec "Clip job": "the video-platform title").
 */
export async function importWithYtDlp(url: string, dir: string, opts: { bin?: string; signal?: AbortSignal; maxBytes?: number }): Promise<PlatformImport> {
  const bin = opts.bin ?? 'yt-dlp';
  const args = [
    '--no-playlist', '--no-progress', '--no-warnings', '--no-simulate', '--socket-timeout', '30',
    '--max-filesize', String(opts.maxBytes ?? MAX_SOURCE_BYTES),
    '-f', 'bv*[height<=1080]+ba/b[height<=1080]/b', '--merge-output-format', 'mp4',
    '--print', 'before_dl:title=%(title)s', '-o', join(dir, 'source.%(ext)s'), url,
  ];
  const { code, stdout, stderr } = await run(bin, args, opts.signal);
  const title = stdout.split('\n').find((l) => l.startsWith('title='))?.slice('title='.length).trim();
  const file = (await readdir(dir).catch(() => [] as string[])).find((f) => f.startsWith('source.') && !/\.(part|ytdl|temp)$/.test(f) && !/^source\.f\d+\./.test(f));
  if (code !== 0 || !file) {
    const why = stderr.split('\n').filter((l) => l.includes('ERROR')).pop()?.replace(/^ERROR:\s*/, '') || stderr.trim().split('\n').pop() || `exit code ${code}`;
    throw new Error(`yt-dlp could not import ${url}: ${why}`);
  }
  return { file: join(dir, file), title: title || file };
}

function run(bin: string, args: string[], signal?: AbortSignal): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new YtDlpMissingError(bin) : e));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
