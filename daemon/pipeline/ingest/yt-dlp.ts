import { spawn } from 'node:child_process';
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_SOURCE_BYTES } from './download.js';
import { classifyYtDlp, isTransient, staleVersionHint, type YtDlpFailureKind, ytDlpMessage, ytDlpVersion } from './yt-dlp-failures.js';

/** yt-dlp is missing: the job ends in `error` saying what to install (issue 4, item 1). */
export class YtDlpMissingError extends Error {
  constructor(bin: string) {
    super(`This is a video-platform link, which is imported with yt-dlp, but "${bin}" is not installed. Install it (Debian: apt-get install yt-dlp; or pip install yt-dlp) and create the job again.`);
  }
}

/** A failed import: one line saying what to do; `transient` when trying again later may help. */
export class YtDlpError extends Error {
  constructor(message: string, readonly kind: YtDlpFailureKind, readonly transient: boolean) {
    super(message);
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
export async function importWithYtDlp(url: string, dir: string, opts: { bin?: string; signal?: AbortSignal; maxBytes?: number; cookies?: string }): Promise<PlatformImport> {
  const bin = opts.bin ?? 'yt-dlp';
  // Issue 30, item 4: a cookies file for links that need a signed-in session. yt-dlp writes the
  // cookies back when it ends, so it gets a copy in the job's folder, never the operator's file.
  const cookies = opts.cookies ? join(dir, 'cookies.txt') : undefined;
  if (cookies) await copyFile(opts.cookies!, cookies).catch((e: NodeJS.ErrnoException) => {
    throw new YtDlpError(`The cookies file for yt-dlp (network.ytdlp_cookies or --cookies) cannot be read (${e.code ?? e.message}): check the path and its permissions`, 'other', false);
  });
  const args = [
    ...(cookies ? ['--cookies', cookies] : []),
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
    const kind = classifyYtDlp(stderr);
    const old = kind === 'network' ? undefined : staleVersionHint(await ytDlpVersion(bin));
    throw new YtDlpError(ytDlpMessage(kind, url, why.replace(/\s+/g, ' ').trim(), old), kind, isTransient(kind));
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
