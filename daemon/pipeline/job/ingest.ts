import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { PermanentTaskError } from '../../tasks/task-runner.js';
import type { ClipJobRow } from '../../store/clip-jobs.js';
import { downloadLink } from '../ingest/download.js';
import { cleanFolderName, LinkError, type LinkPolicy } from '../ingest/links.js';
import { importWithYtDlp, YtDlpMissingError } from '../ingest/yt-dlp.js';
import type { JobObjects, JobSettings } from './deps.js';

export interface IngestResult {
  media_key: string;
  /** Set when the source names the folder only once it is fetched (a platform title). */
  folder_name?: string;
  bytes?: number;
}

/**
 * Brings a job's source into the object store (DESIGN.md, "ingest"): an upload is already
 * there; a file link is streamed in (capped at 8 GB); a video-platform link goes through
 * yt-dlp. Failures that retrying cannot fix (4xx, too large, yt-dlp missing) are permanent;
 * the message becomes the job's `error`.
 */
export async function ingestSource(job: ClipJobRow, ctx: { objects: JobObjects; settings: JobSettings; policy: LinkPolicy; workDir: string; signal: AbortSignal }): Promise<IngestResult> {
  if (job.source_type === 'upload') {
    if (!job.media_key) throw new PermanentTaskError('The upload behind this job has no stored file');
    return { media_key: job.media_key };
  }
  const dir = join(ctx.workDir, 'ingest');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    if (job.source_type === 'platform') {
      const got = await importWithYtDlp(job.source_url!, dir, { bin: ctx.settings.ytDlpBin, signal: ctx.signal, maxBytes: ctx.settings.maxDownloadBytes });
      const key = `jobs/${job.id}/source${extname(got.file) || '.mp4'}`;
      await ctx.objects.importFile(key, got.file);
      return { media_key: key, folder_name: cleanFolderName(got.title) || undefined };
    }
    const url = new URL(job.source_url!);
    const file = join(dir, 'source');
    const got = await downloadLink(url, file, { policy: ctx.policy, maxBytes: ctx.settings.maxDownloadBytes, signal: ctx.signal });
    const key = `jobs/${job.id}/source${safeExt(url.pathname)}`;
    await ctx.objects.importFile(key, file);
    return { media_key: key, bytes: got.bytes };
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    if (e instanceof YtDlpMissingError) throw new PermanentTaskError(e.message);
    // A 4xx, a file over the cap, a refused redirect: the same link will fail again.
    if (e instanceof LinkError && !e.transient) throw new PermanentTaskError(e.message);
    throw e;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function safeExt(pathname: string): string {
  const ext = extname(pathname).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '';
}
