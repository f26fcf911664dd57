import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { ClientError } from '../../client/errors.js';
import { UploadAbortedError } from '../../client/uploader.js';
import { Arrivals, type FileSignature } from './arrivals.js';
import { sha256File } from './content-hash.js';
import { IGNORE_TEXT } from './file-rules.js';
import type { WatchReporter } from './events.js';
import { StopError } from './follow.js';
import type { FilePipeline } from './pipeline.js';
import type { SentFile, Stage, WatchState } from './state.js';

export interface SessionOptions {
  dir: string;
  settleMs: number;
  rescanMs: number;
  /** Files hashed, uploaded and given a job at once. */
  concurrency: number;
  all: boolean;
  once: boolean;
  /** Before a failed step is tried again (a long-running watcher only). */
  retryMs: number;
}

const FINAL: Stage[] = ['complete', 'failed'];
/** Stages that go on without the file: its bytes are on the server already. */
const SENT: Stage[] = ['uploaded', 'job_created', 'job_done'];
const STEP: Record<Stage, string> = { uploading: 'upload', uploaded: 'job_create', job_created: 'job', job_done: 'clips', complete: 'clips', failed: 'job' };

/**
 * One run of the watcher: arrivals are hashed and looked up in the state; new content goes
 * through the pipeline, known content is a duplicate (or silently skipped when it is the same
 * file as before). Stops on `stop` (graceful: nothing new starts, uploads end at a part
 * boundary, waits end), or in --once when nothing is pending, queued or running.
 */
export class WatchSession {
  private queue: PQueue;
  private queued = 0;
  /** Contents being worked on by this process. */
  private active = new Set<string>();
  private tasks = new Set<Promise<void>>();
  private retries = new Set<NodeJS.Timeout>();
  private arrivals: Arrivals;
  private stopping = false;
  /** An error no retry can fix (a refused credential): the watcher stops and run() throws it. */
  private fatal?: ClientError;

  constructor(
    private o: SessionOptions,
    private state: WatchState,
    private pipeline: FilePipeline,
    private report: WatchReporter,
    /** Aborted to stop gracefully; the session aborts it itself when a --once run is idle. */
    private drain: AbortController,
  ) {
    this.queue = new PQueue({ concurrency: o.concurrency });
    this.arrivals = new Arrivals({
      dir: o.dir, settleMs: o.settleMs, rescanMs: o.rescanMs, events: !o.once, all: o.all,
      onArrived: (rel, sig) => void this.inQueue(() => this.arrived(rel, sig)).catch((e) => this.report.emit({ event: 'failed', file: rel, stage: 'hash', error: (e as Error).message, final: false })),
      onIgnored: (rel, reason) => report.emit({ event: 'ignored', file: rel, reason: IGNORE_TEXT[reason] }),
      onError: (e) => report.emit({ event: 'failed', file: '.', stage: 'watch', error: e.message, final: false }),
    });
  }

  /** Runs until stopped; returns why it stopped. */
  async run(): Promise<string> {
    this.report.emit({ event: 'watching', dir: this.o.dir, server: this.state.server, state_file: this.state.file, known_files: this.state.all().length, once: this.o.once });
    for (const entry of this.state.all()) if (SENT.includes(entry.stage)) this.start(entry, undefined);
    const stopped = new Promise<void>((r) => (this.drain.signal.aborted ? r() : this.drain.signal.addEventListener('abort', () => r(), { once: true })));
    await this.arrivals.start();
    const idle = this.o.once ? this.whenIdle() : new Promise<void>(() => {});
    await Promise.race([stopped, idle]);
    const reason = this.drain.signal.aborted ? reasonOf(this.drain.signal.reason) : 'idle';
    await this.shutdown();
    const unfinished = this.state.all().filter((e) => !FINAL.includes(e.stage)).length;
    this.report.emit({ event: 'stopped', reason, files_in_progress: unfinished });
    if (this.fatal) throw this.fatal;
    return reason;
  }

  /** Runs `task` in the --concurrency queue; once stopping, tasks not yet started are skipped. */
  private async inQueue(task: () => Promise<void>, priority = 0): Promise<void> {
    this.queued++;
    try {
      await this.queue.add(async () => {
        if (!this.stopping) await task();
      }, { priority });
    } finally {
      this.queued--;
    }
  }

  /** A stable file: its content hash decides whether it is new, a duplicate or one to resume. */
  private async arrived(rel: string, sig: FileSignature): Promise<void> {
    let sha = this.state.knownHash(rel, sig);
    const cached = sha !== undefined;
    if (!sha) {
      try {
        sha = await sha256File(join(this.o.dir, rel), this.drain.signal);
        // Written to again while hashed: this hash is of no one version; it arrives again once still.
        const after = await stat(join(this.o.dir, rel));
        if (after.size !== sig.size || Math.floor(after.mtimeMs) !== sig.mtime_ms) return;
      } catch (e) {
        if (this.stopping || (e as NodeJS.ErrnoException).code === 'ENOENT') return; // Gone again: nothing arrived.
        return this.report.emit({ event: 'failed', file: rel, stage: 'hash', error: (e as Error).message, final: false });
      }
      await this.state.rememberPath(rel, sig, sha);
    }
    // Looked up and claimed with no await in between: two names of one content arriving
    // together must not both be sent.
    const entry = this.state.get(sha);
    if (!entry) {
      const now = Date.now();
      const fresh: SentFile = { sha256: sha, file: rel, size_bytes: sig.size, stage: 'uploading', request: { render: false, publish: [] }, first_seen_at: now, updated_at: now };
      this.start(fresh, rel);
      this.report.emit({ event: 'seen', file: rel, size_bytes: sig.size, sha256: sha, resumed: false });
      return;
    }
    if (entry.stage === 'uploading' && !this.active.has(sha)) {
      // An upload an earlier run left unfinished (or that failed): it continues from this file.
      this.start(entry, rel);
      this.report.emit({ event: 'seen', file: rel, size_bytes: sig.size, sha256: sha, resumed: true });
      return;
    }
    // The file this content was first seen as, unchanged since: nothing to say on every restart.
    if (cached && entry.file === rel) return;
    this.report.emit({ event: 'duplicate', file: rel, sha256: sha, of: entry.file, stage: entry.stage, job_id: entry.job_id });
  }

  /** Sends (bounded by --concurrency), then follows the job to its end (not bounded: it only polls). */
  private start(entry: SentFile, rel: string | undefined): void {
    this.active.add(entry.sha256);
    const task: Promise<void> = (async () => {
      try {
        if (!this.state.get(entry.sha256)) await this.state.update(entry);
        if (entry.stage === 'uploading' || entry.stage === 'uploaded') {
          // Before files still waiting to be hashed: uploads start as soon as a slot is free.
          await this.inQueue(() => this.pipeline.send(entry, rel), 1);
        }
        if (!this.stopping && (entry.stage === 'job_created' || entry.stage === 'job_done')) await this.pipeline.finish(entry);
      } catch (e) {
        this.failed(entry, rel, e);
      }
    })().finally(() => {
      this.active.delete(entry.sha256);
      this.tasks.delete(task);
    });
    this.tasks.add(task);
  }

  private failed(entry: SentFile, rel: string | undefined, e: unknown): void {
    if (e instanceof StopError || (this.stopping && e instanceof UploadAbortedError)) return;
    const code = e instanceof ClientError ? e.code : (e as { code?: string }).code;
    this.report.emit({ event: 'failed', file: entry.file, stage: STEP[entry.stage], error: (e as Error).message, code: typeof code === 'string' ? code : undefined, final: false, job_id: entry.job_id });
    // A refused credential, or job options the service refuses (400 on POST /v1/clips: a bad
    // --language, --duration or --criteria), would fail the same way for every file.
    if (e instanceof ClientError && (e.status === 401 || (e.status === 400 && entry.stage === 'uploaded'))) {
      this.fatal ??= e;
      if (!this.drain.signal.aborted) this.drain.abort(e.status === 401 ? 'unauthorized' : 'refused');
    }
    if (this.o.once || this.stopping) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      if (!this.stopping && !this.active.has(entry.sha256)) this.start(entry, rel);
    }, this.o.retryMs);
    this.retries.add(timer);
  }

  /** --once: resolves when no file is settling, queued or on its way. */
  private whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      const check = setInterval(() => {
        if (this.arrivals.pending === 0 && this.queued === 0 && this.tasks.size === 0) {
          clearInterval(check);
          resolve();
        }
      }, 100);
      this.drain.signal.addEventListener('abort', () => clearInterval(check), { once: true });
    });
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    if (!this.drain.signal.aborted) this.drain.abort('idle');
    for (const t of this.retries) clearTimeout(t);
    await this.arrivals.stop();
    while (this.tasks.size > 0 || this.queued > 0) {
      await Promise.allSettled([...this.tasks]);
      await this.queue.onIdle();
    }
  }
}

const reasonOf = (reason: unknown) => (typeof reason === 'string' ? reason : 'abort');
