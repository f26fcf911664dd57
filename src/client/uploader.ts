import { basename, extname } from 'node:path';
import type { SingleUploadCreated } from '../api/uploads.js';
import type { ClipperClient } from './client.js';
import { ClientError } from './errors.js';
import { MultipartUpload } from './multipart-upload.js';
import { putFileSlice } from './object-put.js';
import { backoff, isTransient, UploadAbortedError, type UploaderEvent, type UploadProgress, type UploadResult } from './upload-events.js';
import { fingerprint, ResumeStore, stateDirFrom, type FileFingerprint } from './upload-state.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MULTIPART_THRESHOLD } from './upload-defaults.js';

export { UploadAbortedError, type UploaderEvent, type UploadProgress, type UploadResult } from './upload-events.js';
export { DEFAULT_CONCURRENCY, DEFAULT_MULTIPART_THRESHOLD };

export interface UploadFileOptions {
  /** Default: from the file extension, else application/octet-stream. */
  contentType?: string;
  /** Default: the file's base name (the clip job's folder is named after it). */
  fileName?: string;
  /** Parts in flight at once (multipart). Default 4. */
  concurrency?: number;
  multipartThreshold?: number;
  /** Attempts per part (or per single PUT) before giving up. Default 4. */
  maxAttempts?: number;
  /** Where resume records live. Default: CLIPPER_STATE_DIR or ~/.local/state/clipper. */
  stateDir?: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /**
   * Stops a multipart upload at a part boundary: no new part starts, parts in flight finish
   * and are recorded, then UploadAbortedError (`clipper watch` on Ctrl-C). A single PUT is one
   * part, so it finishes.
   */
  drain?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  onEvent?: (e: UploaderEvent) => void;
}

const VIDEO_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4', '.m4v': 'video/x-m4v', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo', '.mpg': 'video/mpeg', '.mpeg': 'video/mpeg', '.ts': 'video/mp2t', '.wmv': 'video/x-ms-wmv',
  '.flv': 'video/x-flv', '.3gp': 'video/3gpp', '.ogv': 'video/ogg',
};

export const contentTypeFor = (path: string) => VIDEO_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/**
 * Uploads a local file and returns its `upload_id` (with what was done) for `source.upload_id`:
 * a single PUT up to `multipartThreshold`, else a resumable multipart upload. Used by
 * `clipper uploads create`, `clipper clips create FILE` and `clipper watch`.
 */
export async function uploadFile(client: ClipperClient, path: string, opts: UploadFileOptions = {}): Promise<UploadResult> {
  const file = await fingerprint(path);
  if (file.size === 0) throw new Error(`${path} is empty: there is nothing to upload`);
  const contentType = opts.contentType ?? contentTypeFor(path);
  const fileName = opts.fileName ?? basename(path);
  const emit = opts.onEvent ?? (() => {});
  const signal = opts.signal ?? new AbortController().signal;
  const maxAttempts = opts.maxAttempts ?? 4;
  if (file.size <= (opts.multipartThreshold ?? DEFAULT_MULTIPART_THRESHOLD)) {
    return uploadSingle(client, file, { contentType, fileName, emit, signal, maxAttempts, onProgress: opts.onProgress });
  }
  const store = new ResumeStore(opts.stateDir ?? stateDirFrom(opts.env));
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_CONCURRENCY));
  return new MultipartUpload(client, file, { contentType, fileName, concurrency, maxAttempts, signal, drain: opts.drain, store, emit, onProgress: opts.onProgress }).run();
}

interface SingleOptions {
  contentType: string;
  fileName: string;
  emit: (e: UploaderEvent) => void;
  signal: AbortSignal;
  maxAttempts: number;
  onProgress?: (p: UploadProgress) => void;
}

/** Spec "Upload procedure", step 1: one PUT; a refused (expired) URL means a fresh upload. */
async function uploadSingle(client: ClipperClient, file: FileFingerprint, o: SingleOptions): Promise<UploadResult> {
  const create = async () => {
    const created = (await client.uploads.create({ content_type: o.contentType, file_name: o.fileName })) as SingleUploadCreated;
    o.emit({ type: 'created', upload_id: created.upload_id, multipart: false, parts_total: 1 });
    return created;
  };
  let upload = await create();
  const done = (): UploadResult => {
    o.emit({ type: 'completed', upload_id: upload.upload_id });
    return { upload_id: upload.upload_id, multipart: false, resumed: false, size_bytes: file.size, content_type: o.contentType, file_name: o.fileName, parts_sent: 1, parts_skipped: 0 };
  };
  for (let attempt = 1; ; attempt++) {
    let sent = 0;
    const progress = (partsDone: number) => o.onProgress?.({ sentBytes: sent, totalBytes: file.size, partsDone, partsTotal: 1 });
    try {
      await putFileSlice(upload.upload_url, { path: file.path, start: 0, length: file.size }, { contentType: o.contentType, signal: o.signal, onBytes: (b) => ((sent += b), progress(0)) });
      progress(1);
      return done();
    } catch (e) {
      if (o.signal.aborted) throw new UploadAbortedError(upload.upload_id);
      if (!(e instanceof ClientError) || attempt >= o.maxAttempts) throw e;
      // A 409 after a lost answer: the earlier attempt may have landed.
      if (e.status === 409) {
        const current = await client.uploads.get(upload.upload_id).catch(() => undefined);
        if (current?.status === 'complete' && current.size_bytes === file.size) return done();
      }
      if (e.status === 403) upload = await create();
      else if (!isTransient(e.status)) throw e;
      o.emit({ type: 'part_retry', upload_id: upload.upload_id, part_number: 1, attempt, reason: `${e.code}: ${e.message}` });
      await backoff(attempt, o.signal, upload.upload_id);
    }
  }
}
