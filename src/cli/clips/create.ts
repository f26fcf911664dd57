import { modelsSetupHint } from '../models/setup-hint.js';
import { basename, resolve } from 'node:path';
import { uploadFile, type UploadProgress } from '../../client/uploader.js';
import { startTransfer, type TransferProgress } from '../progress.js';
import { CLIP_COUNT_MAX, type ClipJobView, type CreateClipJobInput } from '../../api/clips.js';
import { readCookiesFile } from './cookies.js';
import { checkClipSource } from '../clip-source.js';
import { usageError } from '../exit-codes.js';
import type { ClipperClient } from '../../client/client.js';
import type { CliContext } from '../context.js';
import { parseDuration, parseWaitFlags } from '../wait.js';
import { JobHistory } from './history.js';
import { waitForJob } from './get.js';
import { printJob } from './print.js';

export interface CreateOptions {
  source: string;
  criteria?: string;
  duration?: string;
  language?: string;
  /** Issue 30, item 1: the job's `clip_count`. */
  clips?: string;
  /** Issue 30, item 4: a cookies file whose text goes as `source.cookies`. */
  cookies?: string;
  wait?: boolean;
  timeout?: string;
}

/** Sends a local file through the uploads and returns its `upload_id`. */
export type FileUploader = (client: ClipperClient, path: string, ctx: CliContext) => Promise<string>;

/** The uploads' own uploader (single PUT or resumable multipart), with the shared transfer bar. */
const uploadWithProgress: FileUploader = async (client, path, ctx) => {
  let bar: TransferProgress | undefined;
  let shown = 0;
  const onProgress = (p: UploadProgress) => {
    bar ??= startTransfer(ctx, { label: basename(path), totalBytes: p.totalBytes, doneBytes: (shown = p.sentBytes) });
    bar.add(p.sentBytes - shown);
    shown = p.sentBytes;
  };
  const result = await uploadFile(client, path, { env: ctx.env, onProgress: ctx.animate ? onProgress : undefined });
  bar?.succeed();
  return result.upload_id;
};

/**
 * `clipper clips create FILE|URL`: a link is sent as `source.url`; a file is uploaded first and
 * sent as `source.upload_id`. The job goes into the local history; with --wait the command
 * follows it to `done` (or `error`, exit code 7) and prints its clips.
 */
export async function run(opts: CreateOptions, ctx: CliContext, upload: FileUploader = uploadWithProgress): Promise<void> {
  const flags = parseWaitFlags(opts);
  const body: CreateClipJobInput = { source: {} };
  if (opts.criteria !== undefined) body.criteria = opts.criteria;
  if (opts.language !== undefined) body.language = opts.language;
  if (opts.duration !== undefined) body.target_duration = parseDuration(opts.duration, '--duration') / 1000;
  if (opts.clips !== undefined) {
    const n = /^\s*\d+\s*$/.test(opts.clips) ? Number(opts.clips) : Number.NaN;
    if (!(n >= 1 && n <= CLIP_COUNT_MAX)) throw usageError(`--clips: give a whole number from 1 to ${CLIP_COUNT_MAX}, not "${opts.clips}"; nothing was sent`);
    body.clip_count = n;
  }
  const source = await checkClipSource(opts.source, body, { language: '--language', target_duration: '--duration', criteria: '--criteria', clip_count: '--clips' });
  const cookies = opts.cookies === undefined ? undefined : await readCookiesFile(opts.cookies, 'url' in source);
  const client = await ctx.client();
  // Issue 28, item 5: on the local daemon, what the recommended models would add, in one line.
  const local = ctx.target().dataDir;
  const hint = local ? await modelsSetupHint(local, ctx.env) : undefined;
  if (hint) ctx.out.info(hint);
  body.source = 'url' in source ? { url: source.url, ...(cookies !== undefined ? { cookies } : {}) } : { upload_id: await upload(client, source.path, ctx) };
  const created = await client.clips.create(body);
  new JobHistory(ctx.env).add({
    job_id: created.job_id,
    created_at: created.created_at,
    base_url: client.baseUrl,
    source: body.source.url ?? resolve(opts.source),
    ...(body.criteria !== undefined ? { criteria: body.criteria } : {}),
    ...(body.target_duration !== undefined ? { target_duration: body.target_duration } : {}),
    ...(body.language !== undefined ? { language: body.language } : {}),
  });
  if (!flags.wait) {
    ctx.out.data(created, () => {
      ctx.out.line(created.job_id);
      ctx.out.info(`job ${created.job_id} queued; follow it with: clipper clips get ${created.job_id} --wait`);
    });
    return;
  }
  ctx.out.info(`job ${created.job_id} queued`);
  const job: ClipJobView = await waitForJob(client, created.job_id, ctx, flags.timeoutMs);
  ctx.out.data(job, () => printJob(job, ctx));
}
