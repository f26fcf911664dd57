import { readFile, stat } from 'node:fs/promises';
import { COOKIES_MAX_CHARS, isNetscapeCookies } from '../../api/clips.js';
import { usageError } from '../exit-codes.js';

/**
 * `clipper clips create URL --cookies FILE` (issue 30, item 4; DESIGN.md third round): the CLI
 * reads the file here and sends its text as `source.cookies`, because the daemon that runs
 * yt-dlp may be on another machine. Checked before anything is sent (the daemon checks again).
 */
export async function readCookiesFile(path: string, isLink: boolean): Promise<string> {
  if (!isLink) throw usageError('--cookies goes with a video-platform link (yt-dlp signs in with it), not with a local file; nothing was sent');
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw usageError(`--cookies: ${path} is not a readable file; nothing was sent`);
  if (info.size > COOKIES_MAX_CHARS * 4) throw usageError(`--cookies: ${path} is larger than ${COOKIES_MAX_CHARS} characters: export only the video platform's cookies; nothing was sent`);
  const text = await readFile(path, 'utf8').catch(() => {
    throw usageError(`--cookies: ${path} cannot be read; nothing was sent`);
  });
  if (text.length > COOKIES_MAX_CHARS) throw usageError(`--cookies: ${path} is larger than ${COOKIES_MAX_CHARS} characters: export only the video platform's cookies; nothing was sent`);
  if (!isNetscapeCookies(text)) throw usageError(`--cookies: ${path} is not a cookies file in the Netscape format (lines of 7 tab-separated fields, as browser cookie exporters write it); nothing was sent`);
  return text;
}
