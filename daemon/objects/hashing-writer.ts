import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { daemonThread } from '../daemon-thread.js';
import { HASH_WRITE_WORKER_SOURCE } from './hash-write-worker.js';

/** Bytes handed to a thread at a time: one write and one hash update each. */
const BATCH_BYTES = 512 * 1024;
/** Batches of one file in a thread's queue before the reader waits (memory per file: 2 MiB). */
const MAX_QUEUED = 3;
/** A thread with no file open this long is ended (each holds about 10 MB: issue 27, item 7); tests shorten it. */
export const HASH_THREAD_IDLE = { ms: 5_000 };

const EMPTY = Buffer.alloc(0);

type Reply = { op: 'ack'; id: number; buf: ArrayBuffer } | { op: 'done'; id: number; etag: string } | { op: 'failed'; id: number; message: string; code?: string };

/**
 * Writes a file and computes its MD5 on a small pool of threads, so the event loop that reads
 * the upload's socket does neither (issue 3: "at least 60% of cp"; MD5 alone costs about 1.6
 * CPU-seconds per GB here, more than receiving the bytes). Each file sticks to one thread, which
 * keeps its batches in order; different files (the parts of a multipart upload arriving in
 * parallel) spread over the threads. Batch buffers travel to the thread and back (transferred,
 * not copied) and are reused, which spares the page faults of fresh memory.
 */
class HashWritePool {
  private workers: Worker[] = [];
  private sinks = new Map<number, FileSink>();
  /** Files open per thread: a thread is referenced only while it has some (an idle pool never keeps a process alive). */
  private openFiles = new Map<Worker, number>();
  private idle = new Map<Worker, NodeJS.Timeout>();
  private spare: Buffer[] = [];
  private nextId = 1;
  private turn = 0;

  constructor(private size: number) {}

  get threads(): number {
    return this.workers.filter(Boolean).length;
  }

  open(path: string, at?: { start: number }): FileSink {
    const worker = this.worker(this.turn++ % this.size);
    const sink = new FileSink(this.nextId++, worker, this);
    this.sinks.set(sink.id, sink);
    this.openFiles.set(worker, (this.openFiles.get(worker) ?? 0) + 1);
    clearTimeout(this.idle.get(worker));
    this.idle.delete(worker);
    worker.ref(); // while a file is open the process waits for its thread
    worker.postMessage({ op: 'open', id: sink.id, path, flags: at ? 'r+' : 'w', start: at?.start ?? 0 });
    return sink;
  }

  buffer(): Buffer {
    return this.spare.pop() ?? Buffer.allocUnsafeSlow(BATCH_BYTES);
  }

  /** Takes back a batch buffer for reuse (a few are kept; the rest are left to the collector). */
  giveBack(buf: Buffer): void {
    if (buf.length === BATCH_BYTES && this.spare.length < this.size * MAX_QUEUED) this.spare.push(buf);
  }

  release(id: number): void {
    const worker = this.sinks.get(id)?.worker;
    if (!worker || !this.sinks.delete(id)) return;
    const left = (this.openFiles.get(worker) ?? 1) - 1;
    this.openFiles.set(worker, left);
    if (left === 0) {
      worker.unref();
      this.idle.set(worker, setTimeout(() => this.retire(worker), HASH_THREAD_IDLE.ms).unref());
    }
  }

  /** Ends a thread that stayed idle, and the spare batches once no thread is left. */
  private retire(w: Worker): void {
    this.idle.delete(w);
    const i = this.workers.indexOf(w);
    if (i < 0 || (this.openFiles.get(w) ?? 0) > 0) return;
    delete this.workers[i];
    this.openFiles.delete(w);
    if (!this.workers.some(Boolean)) this.spare.length = 0;
    w.terminate().catch(() => undefined);
  }

  private worker(i: number): Worker {
    if (this.workers[i]) return this.workers[i];
    const w = daemonThread('hash writer', HASH_WRITE_WORKER_SOURCE);
    w.on('message', (m: Reply) => {
      if (m.op === 'ack') this.giveBack(Buffer.from(m.buf));
      this.sinks.get(m.id)?.reply(m);
    });
    // A thread that dies fails its files; the next file gets a new thread.
    w.on('error', (e) => this.lost(w, e));
    w.on('exit', (code) => this.lost(w, new Error(`hash-write thread exited with code ${code}`)));
    this.workers[i] = w;
    return w;
  }

  private lost(w: Worker, e: Error): void {
    const i = this.workers.indexOf(w);
    if (i < 0) return;
    delete this.workers[i];
    for (const sink of this.sinks.values()) if (sink.worker === w) sink.reply({ op: 'failed', id: sink.id, message: e.message });
    this.openFiles.delete(w);
  }
}

/** One file being written by a pool thread: `write` batches, then `finish` for the MD5. */
export class FileSink {
  private batch: Buffer;
  private fill = 0;
  private queued = 0;
  private wake?: () => void;
  private error?: Error;
  private ended?: { resolve: (etag: string) => void; reject: (e: Error) => void };

  constructor(readonly id: number, readonly worker: Worker, private pool: HashWritePool) {
    this.batch = pool.buffer();
  }

  /**
   * Copies `chunk` into the current batch, handing full batches to the thread. Returns a promise
   * only when the thread is MAX_QUEUED batches behind: the caller waits for it before the next
   * chunk (backpressure). No promise per chunk otherwise: a 2 GB upload is 30,000 of them.
   */
  write(chunk: Uint8Array): Promise<void> | undefined {
    for (let off = 0; off < chunk.length; ) {
      if (this.error) throw this.error;
      if (this.queued >= MAX_QUEUED) {
        const rest = chunk.subarray(off);
        return this.drained().then(() => this.write(rest));
      }
      const n = Math.min(chunk.length - off, this.batch.length - this.fill);
      this.batch.set(chunk.subarray(off, off + n), this.fill);
      this.fill += n;
      off += n;
      if (this.fill === this.batch.length) this.post();
    }
    return this.queued >= MAX_QUEUED ? this.drained() : undefined;
  }

  /** Sends what is left and resolves with the MD5 (hex) once every byte is written. */
  async finish(): Promise<string> {
    if (this.fill > 0) {
      while (this.queued >= MAX_QUEUED) await this.drained();
      this.post(true);
    } else this.dropBatch();
    if (this.error) throw this.error;
    const etag = new Promise<string>((resolve, reject) => (this.ended = { resolve, reject }));
    this.worker.postMessage({ op: 'end', id: this.id });
    return etag;
  }

  /** Closes the file without finishing it (the caller removes or rewrites it). */
  async abort(): Promise<void> {
    this.dropBatch();
    if (this.error) return; // the thread closed the file when it failed
    const closed = new Promise<string>((resolve, reject) => (this.ended = { resolve, reject }));
    this.worker.postMessage({ op: 'abort', id: this.id });
    await closed.catch(() => undefined);
  }

  private post(last = false): void {
    const raw = this.batch.buffer as ArrayBuffer; // allocUnsafeSlow: a whole ArrayBuffer of its own
    this.worker.postMessage({ op: 'data', id: this.id, buf: raw, len: this.fill }, [raw]);
    this.queued++;
    this.batch = last ? EMPTY : this.pool.buffer();
    this.fill = 0;
  }

  /** A finished or aborted file holds no batch: a hundred parts must not pin a hundred. */
  private dropBatch(): void {
    this.pool.giveBack(this.batch);
    this.batch = EMPTY;
  }

  /** Resolves at once if the thread has room for another batch, else at its next answer. */
  private drained(): Promise<void> {
    if (this.error) return Promise.reject(this.error);
    if (this.queued < MAX_QUEUED) return Promise.resolve();
    return new Promise<void>((resolve, reject) => (this.wake = () => (this.error ? reject(this.error) : resolve())));
  }

  reply(m: Reply): void {
    if (m.op === 'ack') this.queued--;
    else if (m.op === 'failed') {
      this.error = Object.assign(new Error(m.message), { code: m.code });
      this.pool.release(this.id);
      this.ended?.reject(this.error);
    } else {
      this.pool.release(this.id);
      this.ended?.resolve(m.etag);
    }
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

let shared: HashWritePool | undefined;

/** How many hash-write threads are running now. */
export const hashWriteThreads = (): number => shared?.threads ?? 0;

/** The process's pool: as many threads as cores, at most four; started on first use. */
export function openHashedFile(path: string, at?: { start: number }): FileSink {
  shared ??= new HashWritePool(Math.max(1, Math.min(availableParallelism(), 4)));
  return shared.open(path, at);
}
