// What the uploader reports while it works (the CLI draws a progress bar from these; `watch`
// prints them as JSON lines).

export interface UploadProgress {
  /** Bytes sent so far, parts finished in an earlier run included. */
  sentBytes: number;
  totalBytes: number;
  partsDone: number;
  partsTotal: number;
}

export type UploaderEvent =
  | { type: 'created'; upload_id: string; multipart: boolean; parts_total: number; part_size?: number }
  | { type: 'resumed'; upload_id: string; parts_done: number; parts_total: number }
  /**
   * New part URLs: `expired` when this run's URLs ran out (or were refused), `resumed` when a run
   * continues an earlier one, whose URLs are not kept (they were valid; this run never had them).
   */
  | { type: 'resigned'; upload_id: string; part_numbers: number[]; reason: 'expired' | 'resumed' }
  | { type: 'part_done'; upload_id: string; part_number: number; etag: string }
  | { type: 'part_retry'; upload_id: string; part_number: number; attempt: number; reason: string }
  | { type: 'warning'; upload_id: string; message: string }
  | { type: 'completed'; upload_id: string };

export interface UploadResult {
  upload_id: string;
  multipart: boolean;
  /** True when an earlier interrupted run's upload was continued. */
  resumed: boolean;
  size_bytes: number;
  content_type: string;
  file_name: string;
  /** Parts PUT by this run (1 for a single PUT), and parts an earlier run had already sent. */
  parts_sent: number;
  parts_skipped: number;
}

/** Thrown when the caller's AbortSignal stops an upload; a multipart upload can be resumed. */
export class UploadAbortedError extends Error {
  /** How far it got, when known: the parts the server holds and their bytes. */
  progress?: UploadProgress;
  constructor(readonly uploadId?: string) {
    super(uploadId ? `Upload ${uploadId} interrupted; run the same command again to resume it` : 'Upload interrupted');
    this.name = 'AbortError';
  }
}

/** Network failures, 5xx and 429 are worth another attempt of the same PUT. */
export const isTransient = (status: number) => status === 0 || status === 429 || status >= 500;

/** Waits before attempt `attempt + 1` (0.5 s, 1 s, 2 s ... up to 8 s); an abort ends the wait. */
export async function backoff(attempt: number, signal: AbortSignal, uploadId: string): Promise<void> {
  await abortableSleep(Math.min(8000, 250 * 2 ** attempt), signal).catch(() => {
    throw new UploadAbortedError(uploadId);
  });
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadAbortedError());
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(new UploadAbortedError());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
