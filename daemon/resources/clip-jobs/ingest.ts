import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { PermanentTaskError } from '../../tasks/task-runner.js';
import type { ClipJobRow } from '../../store/clip-jobs.js';
import { describeNetworkError, humanBytes, openDownload } from '../../pipeline/ingest/download.js';
import { cleanFolderName, LinkError, type LinkPolicy } from '../../pipeline/ingest/links.js';
import { importWithYtDlp, YtDlpError, YtDlpMissingError } from '../../pipeline/ingest/yt-dlp.js';
import type { JobObjects, JobSettings } from './deps.js';
import { dropJobCookies, jobCookiesFile } from './cookies.js';

export interface IngestResult {
  media_key: string;
  /** Set when the source names the folder only once it is fetched (a platform title). */
  folder_name?: string;
  bytes?: number;
}

interface IngestContext {
  objects: JobObjects;
  settings: JobSettings;
  policy: LinkPolicy;
  workDir: string;
  signal: AbortSignal;
}

/**
 * Brings a job's source into the object store (DESIGN.md, "ingest"): an upload is already
 * there; a file link is streamed in (capped at 8 GB); a video-platform link goes through
 * yt-dlp. Failures that retrying cannot fix (4xx, too large, yt-dlp missing) are permanent;
 * the message becomes the job's `error`.
 */
export async function ingestSource(job: ClipJobRow, ctx: IngestContext): Promise<IngestResult> {
  if (job.source_type === 'upload') {
    if (!job.media_key) throw new PermanentTaskError('The upload behind this job has no stored file');
    return { media_key: job.media_key };
  }
  try {
    return job.source_type === 'platform' ? await fromPlatform(job, ctx) : await fromLink(job, ctx);
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    if (e instanceof YtDlpMissingError) throw new PermanentTaskError(e.message);
    // Issue 30, item 4: a bot check, 403, private, removed or geo-blocked video fails the same way again.
    if (e instanceof YtDlpError && !e.transient) throw new PermanentTaskError(e.message);
    // A 4xx, a file over the cap, a refused redirect: the same link would fail again.
    if (e instanceof LinkError && !e.transient) throw new PermanentTaskError(e.message);
    throw e;
  }
}

async function fromLink(job: ClipJobRow, ctx: IngestContext): Promise<IngestResult> {
  const url = new URL(job.source_url!);
  const download = await openDownload(url, { policy: ctx.policy, maxBytes: ctx.settings.maxDownloadBytes, signal: ctx.signal });
  const key = `jobs/${job.id}/source${safeExt(url.pathname)}`;
  try {
    const { size } = await ctx.objects.put(key, download.body, { contentType: download.contentType ?? undefined });
    return { media_key: key, bytes: size };
  } catch (e) {
    if (e instanceof LinkError || ctx.signal.aborted) throw e;
    throw new LinkError(`The download of ${url.href} broke off after ${humanBytes(download.received())}: ${describeNetworkError(e as Error)}`, { transient: true });
  }
}

async function fromPlatform(job: ClipJobRow, ctx: IngestContext): Promise<IngestResult> {
  const dir = join(ctx.workDir, 'platform');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    // Issue 30, item 4: the job's own cookies (source.cookies, --cookies) before the setting's.
    const cookies = (await jobCookiesFile(ctx.objects, job.id, dir)) ?? ctx.settings.ytDlpCookies;
    const got = await importWithYtDlp(job.source_url!, dir, { bin: ctx.settings.ytDlpBin, signal: ctx.signal, maxBytes: ctx.settings.maxDownloadBytes, cookies }).catch(async (e: unknown) => {
      // A failure that trying again cannot fix ends the job: its cookies are not needed any more.
      if (!ctx.signal.aborted && (e instanceof YtDlpMissingError || (e instanceof YtDlpError && !e.transient))) await dropJobCookies(ctx.objects, job.id);
      throw e;
    });
    await dropJobCookies(ctx.objects, job.id);
    const key = `jobs/${job.id}/source${safeExt(got.file) || '.mp4'}`;
    const { size } = await ctx.objects.put(key, createReadStream(got.file), { contentType: 'video/mp4' });
    return { media_key: key, folder_name: cleanFolderName(got.title) || undefined, bytes: size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function safeExt(path: string): string {
  const ext = extname(path).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '';
}
