import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { UploadAbortedError, uploadFile, DEFAULT_CONCURRENCY, DEFAULT_MULTIPART_THRESHOLD, type UploaderEvent, type UploadProgress } from '../../client/uploader.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { formatBytes, startTransfer, type TransferProgress } from '../progress.js';

export interface CreateOptions {
  file: string;
  contentType?: string;
  fileName?: string;
  concurrency?: string;
  multipartThreshold?: string;
}

const wholeNumber = (value: string | undefined, flag: string, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw usageError(`${flag} must be a whole number from ${min} to ${max}, got ${value}`);
  return n;
};

/** What the uploader is doing, for the person at the terminal (stderr). */
function describe(e: UploaderEvent): string | undefined {
  if (e.type === 'resumed') return `resuming upload ${e.upload_id}: ${e.parts_done} of ${e.parts_total} parts already sent`;
  if (e.type === 'part_retry') return `retrying part ${e.part_number} (attempt ${e.attempt + 1}): ${e.reason}`;
  if (e.type === 'resigned' && e.reason === 'resumed') return `signed URLs for the ${e.part_numbers.length} part(s) still to send`;
  if (e.type === 'resigned') return `re-signed ${e.part_numbers.length} expired part URL(s)`;
  if (e.type === 'warning') return `warning: ${e.message}`;
  return undefined;
}

/**
 * `clipper uploads create FILE`: single PUT up to the threshold (64 MiB), else a multipart upload
 * with parallel parts that resumes when run again on the same unchanged file. Prints the
 * upload_id on stdout (the whole result with --json); a progress bar on a terminal's stderr.
 */
export async function run(opts: CreateOptions, ctx: CliContext, signal?: AbortSignal): Promise<void> {
  if (!existsSync(opts.file) || !statSync(opts.file).isFile()) throw usageError(`${opts.file} is not a file`);
  const concurrency = wholeNumber(opts.concurrency, '--concurrency', 1, 32) ?? DEFAULT_CONCURRENCY;
  const multipartThreshold = wholeNumber(opts.multipartThreshold, '--multipart-threshold', 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MULTIPART_THRESHOLD;
  const client = await ctx.client();
  // The shared transfer bar (speed and ETA on a terminal's stderr; nothing in --json or a pipe),
  // started at the first report so a resumed upload starts from the bytes already sent.
  let bar: TransferProgress | undefined;
  let shown = 0;
  const onProgress = (p: UploadProgress) => {
    if (!ctx.animate) return;
    bar ??= startTransfer(ctx, { label: basename(opts.file), totalBytes: p.totalBytes, doneBytes: (shown = p.sentBytes) });
    bar.add(p.sentBytes - shown);
    shown = p.sentBytes;
  };
  try {
    const result = await uploadFile(client, opts.file, {
      contentType: opts.contentType,
      fileName: opts.fileName,
      concurrency,
      multipartThreshold,
      env: ctx.env,
      signal,
      onProgress,
      onEvent: (e) => {
        const text = describe(e);
        if (text) ctx.out.info(text);
      },
    });
    bar?.succeed();
    ctx.out.data(result, () => {
      ctx.out.line(result.upload_id);
      ctx.out.info(`uploaded ${opts.file} (${formatBytes(result.size_bytes)}, ${result.multipart ? 'multipart' : 'single PUT'}) as ${result.upload_id}`);
    });
  } catch (e) {
    bar?.fail();
    if (e instanceof UploadAbortedError) throw interrupted(e, opts);
    throw e;
  }
}

/**
 * Issue 13, item 13: Ctrl-C says what the server kept and the command that goes on from there
 * (the resume record in the state dir finds the same upload for the unchanged file).
 */
function interrupted(e: UploadAbortedError, opts: CreateOptions): CliError {
  const again = ['clipper uploads create', quote(resolve(opts.file)), ...(opts.contentType ? ['--content-type', quote(opts.contentType)] : []), ...(opts.fileName ? ['--file-name', quote(opts.fileName)] : [])].join(' ');
  const p = e.progress;
  if (!e.uploadId || !p) {
    return new CliError(EXIT.ERROR, `upload of ${opts.file} interrupted before any part was kept`, `Start it again: ${again}`, 'INTERRUPTED');
  }
  const kept = `${p.partsDone} of ${p.partsTotal} parts (${formatBytes(p.sentBytes)} of ${formatBytes(p.totalBytes)})`;
  return new CliError(EXIT.ERROR, `upload ${e.uploadId} interrupted: the server keeps ${kept}; nothing else was lost`, `Resume it (only the missing parts are sent, while the file is unchanged): ${again}`, 'INTERRUPTED');
}

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
