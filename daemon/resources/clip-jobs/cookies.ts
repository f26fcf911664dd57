import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { JobObjects } from './deps.js';

/**
 * A job's cookies for yt-dlp (issue 30, item 4: `source.cookies` of POST /v1/clips, from
 * `clipper clips create URL --cookies FILE`). The text of a signed-in session's cookies is kept
 * only for the job's download: an object beside the job's source (the object store is shared by
 * the API and worker processes), read into the job's work folder by the ingest, deleted once the
 * download succeeded or failed for good (or the job was not accepted), never logged or shown.
 */
export const jobCookiesKey = (jobId: string) => `jobs/${jobId}/cookies.txt`;

type CookieObjects = Pick<JobObjects, 'put' | 'get' | 'stat' | 'delete'>;

/** Stores the cookies of a job about to be accepted; `discard` removes them if it is not. */
export async function saveJobCookies(objects: CookieObjects, jobId: string, text: string): Promise<{ discard(): Promise<void> }> {
  const key = jobCookiesKey(jobId);
  await objects.put(key, Readable.from([Buffer.from(text, 'utf8')]), { contentType: 'text/plain' });
  return { discard: async () => void (await objects.delete(key)) };
}

/** Writes the job's cookies into `dir` for yt-dlp; undefined when the job has none (or they were used up). */
export async function jobCookiesFile(objects: CookieObjects, jobId: string, dir: string): Promise<string | undefined> {
  const key = jobCookiesKey(jobId);
  if (!(await objects.stat(key))) return undefined;
  const file = join(dir, 'job-cookies.txt');
  await pipeline(await objects.get(key), createWriteStream(file, { mode: 0o600 }));
  return file;
}

/** Deletes the job's cookies (its download is over). */
export async function dropJobCookies(objects: CookieObjects, jobId: string): Promise<void> {
  await objects.delete(jobCookiesKey(jobId));
}
