import { setMaxListeners } from 'node:events';
import type { MultipartUploadCreated } from '../api/uploads.js';
import type { ClipperClient } from './client.js';
import { ClientError } from './errors.js';
import { putFileSlice } from './object-put.js';
import { backoff, isTransient, UploadAbortedError, type UploaderEvent, type UploadProgress, type UploadResult } from './upload-events.js';
import type { FileFingerprint, ResumeState, ResumeStore } from './upload-state.js';

export interface MultipartOptions {
  contentType: string;
  fileName: string;
  concurrency: number;
  maxAttempts: number;
  signal: AbortSignal;
  /** No new part after this aborts; parts in flight finish (see UploadFileOptions.drain). */
  drain?: AbortSignal;
  store: ResumeStore;
  emit: (e: UploaderEvent) => void;
  onProgress?: (p: UploadProgress) => void;
}

/** A URL is renewed when it has less than this left, so it cannot expire mid-part. */
const URL_MARGIN_MS = 5 * 60_000;
const unquote = (etag: string) => etag.trim().replace(/^"|"$/g, '').toLowerCase();

/**
 * One multipart upload of a file (spec "Upload procedure", steps 2 to 4): parts PUT in parallel
 * with bounded concurrency, each etag saved to the resume record as it arrives, expired URLs
 * re-signed in one call, failed parts retried, then complete. An interrupted run leaves the
 * record behind; the next run on the unchanged file sends only the parts the server lacks.
 */
export class MultipartUpload {
  private state!: ResumeState;
  private urls = new Map<number, { url: string; expiresAt: number }>();
  private resigning?: Promise<void>;
  private sent = 0;
  private sentThisRun = 0;

  constructor(private client: ClipperClient, private file: FileFingerprint, private o: MultipartOptions) {}

  async run(): Promise<UploadResult> {
    const previous = await this.resume();
    // An earlier run completed it but stopped before forgetting it: nothing left to send.
    if (previous === 'complete') return this.finish(true, this.state.parts_total);
    if (!previous) await this.create();
    const skipped = Object.keys(this.state.etags).length;
    this.sent = Object.keys(this.state.etags).reduce((sum, n) => sum + this.partLength(Number(n)), 0);
    this.report();
    await this.sendParts(this.missingParts());
    try {
      await this.client.uploads.complete(this.state.upload_id, this.completeList());
    } catch (e) {
      // Spec: after a 400 on complete, re-PUT the affected parts and complete again.
      const details = (e as ClientError).details as { not_received?: number[]; etag_mismatch?: number[] } | null;
      const redo = [...(details?.not_received ?? []), ...(details?.etag_mismatch ?? [])];
      if (!(e instanceof ClientError) || e.status !== 400 || redo.length === 0) throw e;
      for (const n of redo) delete this.state.etags[n];
      await this.o.store.save(this.state);
      await this.sendParts(redo);
      await this.client.uploads.complete(this.state.upload_id, this.completeList());
    }
    return this.finish(!!previous, skipped);
  }

  private async finish(resumed: boolean, skipped: number): Promise<UploadResult> {
    await this.o.store.remove(this.state.base_url, this.file);
    this.o.emit({ type: 'completed', upload_id: this.state.upload_id });
    return { upload_id: this.state.upload_id, multipart: true, resumed, size_bytes: this.file.size, content_type: this.o.contentType, file_name: this.o.fileName, parts_sent: this.sentThisRun, parts_skipped: skipped };
  }

  /** Picks up the upload an earlier run left, if the server still has it pending (or complete). */
  private async resume(): Promise<'pending' | 'complete' | undefined> {
    const saved = this.o.store.load(this.client.baseUrl, this.file);
    if (!saved) return undefined;
    const server = await this.client.uploads.get(saved.upload_id).catch((e) => (e instanceof ClientError && e.status === 404 ? undefined : Promise.reject(e)));
    if (server?.status === 'complete' && server.size_bytes === this.file.size) {
      this.state = saved;
      return 'complete';
    }
    if (!server || server.status !== 'pending' || server.part_size !== saved.part_size) return undefined;
    // Only parts the server holds with the etag we were given count as sent.
    const held = new Map(server.parts_received.map((p) => [p.part_number, unquote(p.etag)]));
    saved.etags = Object.fromEntries(Object.entries(saved.etags).filter(([n, etag]) => held.get(Number(n)) === unquote(etag)));
    this.state = saved;
    await this.o.store.save(saved);
    this.o.emit({ type: 'resumed', upload_id: saved.upload_id, parts_done: Object.keys(saved.etags).length, parts_total: saved.parts_total });
    return 'pending';
  }

  private async create(): Promise<void> {
    const created = (await this.client.uploads.create({ content_type: this.o.contentType, file_name: this.o.fileName, size_bytes: this.file.size })) as MultipartUploadCreated;
    this.state = {
      version: 1, base_url: this.client.baseUrl, upload_id: created.upload_id, content_type: this.o.contentType, part_size: created.part_size,
      parts_total: created.parts.length, file: this.file, etags: {}, created_at: Date.now(),
    };
    for (const p of created.parts) this.urls.set(p.part_number, { url: p.upload_url, expiresAt: created.expires_at });
    await this.o.store.save(this.state);
    this.o.emit({ type: 'created', upload_id: created.upload_id, multipart: true, parts_total: created.parts.length, part_size: created.part_size });
  }

  private partLength(n: number): number {
    const { part_size: size, parts_total: total } = this.state;
    return n < total ? size : this.file.size - (total - 1) * size;
  }

  private missingParts(): number[] {
    return Array.from({ length: this.state.parts_total }, (_, i) => i + 1).filter((n) => !this.state.etags[n]);
  }

  private completeList() {
    return Array.from({ length: this.state.parts_total }, (_, i) => ({ part_number: i + 1, etag: this.state.etags[i + 1] }));
  }

  private progress(): UploadProgress {
    return { sentBytes: this.sent, totalBytes: this.file.size, partsDone: Object.keys(this.state.etags).length, partsTotal: this.state.parts_total };
  }

  private report(): void {
    this.o.onProgress?.(this.progress());
  }

  /** Runs `concurrency` lanes over the queue; the first failure stops the others. */
  private async sendParts(parts: number[]): Promise<void> {
    const queue = [...parts];
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    this.o.signal.addEventListener('abort', onAbort, { once: true });
    const signal = AbortSignal.any([this.o.signal, stop.signal]);
    // Each part in flight listens for an abort: as many listeners as lanes, and a few more.
    setMaxListeners(this.o.concurrency + 10, signal);
    const lane = async () => {
      for (let n = queue.shift(); n !== undefined && !signal.aborted; n = queue.shift()) {
        if (this.o.drain?.aborted) return;
        await this.sendPart(n, signal);
      }
    };
    const results = await Promise.allSettled(Array.from({ length: Math.min(this.o.concurrency, queue.length) }, () => lane().catch((e) => (stop.abort(), Promise.reject(e)))));
    this.o.signal.removeEventListener('abort', onAbort);
    await this.o.store.flush(); // an interrupted run returns only once its record is on disk
    if (this.o.signal.aborted || (this.o.drain?.aborted && this.missingParts().length > 0)) {
      const stopped = new UploadAbortedError(this.state.upload_id);
      stopped.progress = this.progress();
      throw stopped;
    }
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof UploadAbortedError));
    if (failed) throw failed.reason;
  }

  private async sendPart(n: number, signal: AbortSignal): Promise<void> {
    const length = this.partLength(n);
    for (let attempt = 1; ; attempt++) {
      const url = await this.urlFor(n);
      let sent = 0;
      try {
        const etag = await putFileSlice(url, { path: this.file.path, start: (n - 1) * this.state.part_size, length }, {
          contentType: this.o.contentType,
          signal,
          onBytes: (b) => {
            sent += b;
            this.sent += b;
            this.report();
          },
        });
        this.state.etags[n] = etag;
        // Recorded in the background (in order): the lane moves on to its next part at once. A
        // record that cannot be written costs only the ability to resume, so it is a warning.
        this.o.store.save(this.state).catch((e) => this.o.emit({ type: 'warning', upload_id: this.state.upload_id, message: `could not save the resume record: ${(e as Error).message}` }));
        this.sentThisRun++;
        this.report();
        this.o.emit({ type: 'part_done', upload_id: this.state.upload_id, part_number: n, etag });
        return;
      } catch (e) {
        this.sent -= sent;
        this.report();
        if (signal.aborted) throw new UploadAbortedError(this.state.upload_id);
        if (!(e instanceof ClientError) || attempt >= this.o.maxAttempts || !(await this.retryable(e, n))) throw e;
        this.o.emit({ type: 'part_retry', upload_id: this.state.upload_id, part_number: n, attempt, reason: `${e.code}: ${e.message}` });
        await backoff(attempt, signal, this.state.upload_id);
      }
    }
  }

  /** 403: the URL expired or was refused, so sign it again. 409: retry while still pending. */
  private async retryable(e: ClientError, n: number): Promise<boolean> {
    if (e.status === 403) {
      this.urls.delete(n);
      return true;
    }
    if (e.status === 409) return (await this.client.uploads.get(this.state.upload_id)).status === 'pending';
    return isTransient(e.status);
  }

  /** A URL good for a while yet; missing or stale ones are re-signed together, 100 per call. */
  private async urlFor(n: number): Promise<string> {
    const fresh = (k: number) => (this.urls.get(k)?.expiresAt ?? 0) - Date.now() > URL_MARGIN_MS;
    while (!fresh(n)) {
      this.resigning ??= (async () => {
        const stale = this.missingParts().filter((k) => !fresh(k));
        if (!stale.includes(n)) stale.unshift(n);
        // Issue 13, item 13: parts this run never had a URL for are not "expired".
        const reason = stale.every((k) => !this.urls.has(k)) ? 'resumed' : 'expired';
        for (let i = 0; i < stale.length; i += 100) {
          const batch = stale.slice(i, i + 100);
          const res = await this.client.uploads.resign(this.state.upload_id, batch);
          for (const p of res.parts) this.urls.set(p.part_number, { url: p.upload_url, expiresAt: res.expires_at });
          this.o.emit({ type: 'resigned', upload_id: this.state.upload_id, part_numbers: batch, reason });
        }
      })().finally(() => (this.resigning = undefined));
      await this.resigning;
    }
    return this.urls.get(n)!.url;
  }
}
