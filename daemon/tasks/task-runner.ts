import { newLeaseOwner, ownerIsDead, ownerLive, type LeaseOwner } from './owner.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/index.js';
import { withLogContext, type Logger } from '../log.js';
import { idFields } from '../log-ids.js';
import { metrics } from '../metrics/instruments.js';
import type { Worker } from '../worker.js';
import type { EnqueueInput, Task } from '../store/tasks.js';
import { noFaultWait, PermanentTaskError, retryHintOf, type TaskHandler } from './handler.js';
import { LeaseLostError, leaseLostOf, type TaskLease } from '../store/lease-fence.js';

export { DISK_FULL_RETRY_MS, PermanentTaskError, retryHintOf, type TaskControl, type TaskHandler } from './handler.js';

/**
 * The durable job runner (issue 4, item 2): tasks live in the store; a runner claims one with a
 * lease, extends the lease while it works (heartbeat, three times a lease), and retries a failed
 * task a bounded number of times before giving up. Several runners, in several processes, may
 * share one queue (issue 21, item 3): a running task is taken back only when its lease ran out or
 * its process is known dead (owner.ts), looked at on start and every `recoverMs` after.
 */
export class TaskRunner implements Worker {
  readonly name = 'tasks';
  readonly repo: Store['tasks'];
  private owner: LeaseOwner = newLeaseOwner();
  private lastRecovery = -Infinity;
  private handlers = new Map<string, TaskHandler>();
  private inFlight = new Map<string, { promise: Promise<void>; abort: AbortController; kind: string }>();
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private unlisten?: () => void;

  constructor(
    private store: Pick<Store, 'tasks' | 'transaction' | 'fenced'>,
    private clock: Clock,
    private log: Logger,
    private opts: { leaseMs: number; pollMs: number; recoverMs?: number } = { leaseMs: 60_000, pollMs: 500 },
  ) {
    this.repo = store.tasks;
    ownerLive(this.owner, true); // tests drive a runner with processAll() without start()
  }

  register(handler: TaskHandler): void {
    this.handlers.set(handler.kind, handler);
  }

  /** Adds a task inside the caller's transaction and wakes the runner after commit. */
  async enqueue(input: Omit<EnqueueInput, 'runAt'> & { runAt?: number }): Promise<Task> {
    const task = await this.repo.enqueue({ ...input, runAt: input.runAt ?? this.clock.now(), maxAttempts: input.maxAttempts ?? this.handlers.get(input.kind)?.maxAttempts }, this.clock.now());
    setImmediate(() => this.wake());
    return task;
  }

  async start(): Promise<void> {
    this.stopped = false;
    ownerLive(this.owner, false);
    this.owner = newLeaseOwner(); // a fresh id per start: a restart never inherits a lease
    ownerLive(this.owner, true);
    // Enqueues of other processes (an API process) wake this one at once; polling stays the net.
    this.unlisten ??= this.repo.onEnqueue(() => this.wake());
    await this.recover();
    this.wake();
  }

  /**
   * Takes back the leases of workers that stopped without handing them back: lapsed ones, and
   * those of dead processes of this machine (owner.ts), so a daemon restarted after kill -9
   * resumes its jobs at once. A live worker's task is never taken, whatever process holds it.
   */
  private async recover(): Promise<void> {
    this.lastRecovery = this.clock.now();
    const dead = (await this.repo.leaseOwners(this.owner.scopePrefix)).filter((o) => o !== this.owner.id && ownerIsDead(o, this.owner.scopePrefix));
    const released = await this.repo.releaseLeases(this.clock.now(), dead);
    if (released) this.log.info('released stale task leases', { count: released, dead_workers: dead.length });
    if (released) metrics.leaseTakeovers.inc({}, released);
  }

  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** The next look at the queue; a failed one (the database away) is logged and tried again. */
  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.fill().catch((e: unknown) => {
      this.log.error('task runner: claiming failed', { error: (e as Error).message });
      if (!this.stopped) this.schedule(this.opts.pollMs);
    }), ms);
    this.timer.unref?.();
  }

  /** Starts as many due tasks as the per-kind concurrency allows; returns how many started. */
  private async fill(): Promise<number> {
    let started = 0;
    if (this.clock.now() - this.lastRecovery >= (this.opts.recoverMs ?? 2000)) await this.recover();
    for (;;) {
      const free = [...this.handlers.values()].filter((h) => this.running(h.kind) < h.concurrency).map((h) => h.kind);
      const task = await this.repo.claim(free, this.owner.id, this.clock.now(), this.opts.leaseMs);
      if (!task) break;
      started++;
      this.launch(task);
    }
    if (!this.stopped) this.schedule(this.opts.pollMs);
    return started;
  }

  private running(kind: string): number {
    let n = 0;
    for (const f of this.inFlight.values()) if (f.kind === kind) n++;
    return n;
  }

  private launch(task: Task): void {
    const handler = this.handlers.get(task.kind)!;
    const abort = new AbortController();
    // The fencing token of this attempt: the runner's own writes and the handler's name it.
    const lease: TaskLease = { id: task.id, owner: this.owner.id, attempt: task.attempts };
    const beat = setInterval(() => {
      this.repo.heartbeat(lease, this.clock.now() + this.opts.leaseMs).then(
        (held) => held || abort.abort(new LeaseLostError(lease)),
        (e: unknown) => this.log.warn('task heartbeat failed', { task: task.id, error: (e as Error).message }),
      );
    }, this.opts.leaseMs / 3); // three beats a lease: one lost write does not lose the task
    beat.unref?.();
    // Every line the task logs names it and what it works on (issue 31, item 2).
    const ids = { task_id: task.id, task_kind: task.kind, team_id: task.team_id, ...idFields(task.resource_id), ...(task.kind === 'clip.render' ? { render_id: task.resource_id } : {}) };
    const promise = withLogContext(ids, async () => {
      try {
        await handler.run(task, { signal: abort.signal, payload: JSON.parse(task.payload), store: this.store.fenced(lease), lease });
        if (await this.repo.finish(lease, 'done', null, this.clock.now())) metrics.tasksFinished.inc({ kind: task.kind, outcome: 'done' });
        else this.leaseLost(task);
      } catch (e) {
        await this.handleFailure(handler, task, lease, e as Error, abort.signal).catch((failure: unknown) =>
          // The failure could not be recorded (the database is gone): the lease lapses and any
          // worker runs the task again; the promise never rejects, so nothing ends the daemon.
          this.log.error('could not record a task failure; it runs again when its lease lapses', { kind: task.kind, resource: task.resource_id, error: (failure as Error).message }));
      } finally {
        clearInterval(beat);
        this.inFlight.delete(task.id);
        if (!this.stopped) this.wake();
      }
    });
    this.inFlight.set(task.id, { promise, abort, kind: task.kind });
  }

  /** A stale attempt stops quietly: another attempt holds the task, and nothing of this one is recorded. */
  private leaseLost(task: Task): void {
    this.log.info('task stopped: its lease was taken over, another attempt runs it', { kind: task.kind, resource: task.resource_id, attempt: task.attempts });
    metrics.tasksFinished.inc({ kind: task.kind, outcome: 'lease_lost' });
  }

  private async handleFailure(handler: TaskHandler, task: Task, lease: TaskLease, error: Error, signal: AbortSignal): Promise<void> {
    const now = this.clock.now();
    if (signal.aborted && this.stopped) return; // shutting down: stop() hands the lease back
    if (leaseLostOf(error) || leaseLostOf(signal.reason)) return this.leaseLost(task);
    // A full disk or a database that did not answer is no fault of the task: it waits, and the
    // attempt is given back however often it met it.
    const wait = noFaultWait(error);
    if (wait) {
      if (!(await this.repo.retryLater(lease, now + wait.delayMs, error.message, now, { refundAttempt: true }))) return this.leaseLost(task);
      this.log[wait.level](wait.message, { kind: task.kind, resource: task.resource_id, attempt: task.attempts });
      metrics.tasksFinished.inc({ kind: task.kind, outcome: wait.outcome });
      return;
    }
    const permanent = error instanceof PermanentTaskError;
    if (!permanent && task.attempts < task.max_attempts) {
      const delay = retryHintOf(error) ?? handler.retryDelayMs?.(task.attempts) ?? 2000 * 2 ** (task.attempts - 1);
      if (!(await this.repo.retryLater(lease, now + delay, error.message, now))) return this.leaseLost(task);
      this.log.warn('task failed, will retry', { kind: task.kind, resource: task.resource_id, attempt: task.attempts, error: error.message });
      metrics.tasksFinished.inc({ kind: task.kind, outcome: 'retry' });
      return;
    }
    let held = true;
    try {
      await this.store.transaction(async () => {
        held = await this.repo.finish(lease, 'failed', error.message, now);
        if (held) await handler.onGiveUp(task, error);
      });
      if (!held) return this.leaseLost(task);
    } catch (e) {
      // The give-up's writes rolled back with the failed mark: the task is failed alone, so it
      // never runs again, and the resource keeps the state it had (see TaskHandler).
      this.log.error('task give-up failed; the task is marked failed without it', { kind: task.kind, resource: task.resource_id, error: (e as Error).message });
      await this.repo.finish(lease, 'failed', error.message, now);
    }
    this.log.error('task failed for good', { kind: task.kind, resource: task.resource_id, error: error.message });
    metrics.tasksFinished.inc({ kind: task.kind, outcome: 'failed' });
  }

  /** Runs due tasks until none is due or in flight (tests call this instead of sleeping). */
  async processAll(): Promise<void> {
    for (;;) {
      if (!this.stopped) clearTimeout(this.timer);
      const started = await this.fill();
      if (!started && !this.inFlight.size) return;
      await Promise.race([...this.inFlight.values()].map((f) => f.promise));
    }
  }

  /** Aborts the tasks in flight and hands their leases back, so any worker resumes them at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unlisten?.();
    this.unlisten = undefined;
    for (const f of this.inFlight.values()) f.abort.abort(new Error('daemon stopping'));
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    ownerLive(this.owner, false);
    await this.repo.releaseLeases(this.clock.now(), [this.owner.id]).catch((e: unknown) =>
      this.log.warn('could not hand task leases back; they lapse after tasks.lease_ms', { error: (e as Error).message }));
  }
}
