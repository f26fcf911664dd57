import { inList, type Sql } from './sql.js';
import { randomToken } from '../../src/api/ids.js';
import type { EnqueueInput, Task, TaskRepository, TaskStatus } from './queue-repositories.js';
import type { TaskLease } from './lease-fence.js';

export type { EnqueueInput, Task, TaskStatus };

/** The task is running under the lease `?, ?, ?` (id, owner, attempt). */
const HELD = "id = ? AND lease_owner = ? AND attempts = ? AND status = 'running'";

/** The wake-up channel of enqueues (issue 21, item 3: an API process wakes the workers). */
export const TASKS_CHANNEL = 'clipper_tasks';

/**
 * SQL of the durable task queue; the TaskRunner owns the policy around it. On PostgreSQL it is
 * the workers' queue across processes (issue 21, item 3: "pg-boss or graphile-worker, or your own
 * SKIP LOCKED queue if you show why"): ours, because the same table serves the embedded SQLite
 * daemon, a task is enqueued in the transaction that changes its resource (either package would
 * be a second queue with its own schema and transactions beside the one SQLite needs), and one
 * active task per resource is the partial unique index tasks_one_active.
 */
export class TaskRepo implements TaskRepository {
  constructor(private db: Sql) {}

  /**
   * Adds a task, joining the caller's transaction. If the same kind and resource already has an
   * active task, that one is returned instead: the partial unique index tasks_one_active decides,
   * so two processes enqueueing at once still make one.
   */
  async enqueue(input: EnqueueInput, now: number): Promise<Task> {
    return await this.db.transaction(async () => {
      // Workers in other processes wake at commit (PostgreSQL NOTIFY); they poll anyway.
      await this.db.notify(TASKS_CHANNEL);
      await this.db.run(
        `INSERT INTO tasks (id, kind, resource_id, team_id, status, attempts, max_attempts, run_at, payload, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, resource_id) WHERE status IN ('pending','running') DO NOTHING`,
        `task_${randomToken(20)}`, input.kind, input.resourceId, input.teamId, input.maxAttempts ?? 3, input.runAt, JSON.stringify(input.payload ?? {}), now, now,
      );
      return (await this.active(input.kind, input.resourceId))!;
    });
  }

  async get(id: string): Promise<Task | undefined> {
    return await this.db.get('SELECT * FROM tasks WHERE id = ?', id) as Task | undefined;
  }

  async active(kind: string, resourceId: string): Promise<Task | undefined> {
    return await this.db.get("SELECT * FROM tasks WHERE kind = ? AND resource_id = ? AND status IN ('pending','running')", kind, resourceId) as Task | undefined;
  }

  /**
   * Atomically leases the next due pending task of one of `kinds`: one conditional UPDATE. On
   * PostgreSQL, claimers in other processes skip the row another one has locked (SKIP LOCKED),
   * and the outer `status = 'pending'` makes a claimer that waited on it anyway lose.
   */
  async claim(kinds: string[], owner: string, now: number, leaseMs: number): Promise<Task | undefined> {
    if (!kinds.length) return undefined;
    const kind = inList('kind', kinds);
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    return await this.db.get(`UPDATE tasks SET status = 'running', attempts = attempts + 1, lease_owner = ?, lease_expires_at = ?, updated_at = ?
         WHERE status = 'pending' AND id = (SELECT id FROM tasks WHERE status = 'pending' AND run_at <= ? AND ${kind.sql} ORDER BY run_at, created_at LIMIT 1${skipLocked})
         RETURNING *`, owner, now + leaseMs, now, now, ...kind.params) as Task | undefined;
  }

  // Every change of a running task names its lease whole (owner and attempt): an attempt that
  // lost it, even to a later attempt of the same worker, changes nothing.
  async heartbeat(lease: TaskLease, until: number): Promise<boolean> {
    return await this.db.run(`UPDATE tasks SET lease_expires_at = ? WHERE ${HELD}`, until, lease.id, lease.owner, lease.attempt) > 0;
  }

  async finish(lease: TaskLease, status: 'done' | 'failed' | 'cancelled', error: string | null, now: number): Promise<boolean> {
    return await this.db.run(`UPDATE tasks SET status = ?, last_error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE ${HELD}`, status, error, now, lease.id, lease.owner, lease.attempt) > 0;
  }

  async retryLater(lease: TaskLease, runAt: number, error: string, now: number, opts: { refundAttempt?: boolean } = {}): Promise<boolean> {
    // A refunded attempt (a full disk: issue 31) does not count towards giving up.
    const refund = opts.refundAttempt ? ', attempts = attempts - 1' : '';
    return (
      await this.db.run(`UPDATE tasks SET status = 'pending', run_at = ?, last_error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ?${refund} WHERE ${HELD}`, runAt, error, now, lease.id, lease.owner, lease.attempt) > 0
    );
  }

  /** Cancels a pending task (a running one is left to finish or notice). */
  async cancelPending(kind: string, resourceId: string, now: number): Promise<boolean> {
    return await this.db.run("UPDATE tasks SET status = 'cancelled', updated_at = ? WHERE kind = ? AND resource_id = ? AND status = 'pending'", now, kind, resourceId) > 0;
  }

  /**
   * Puts running tasks back to pending when their lease ran out, or when their owner is one of
   * `deadOwners` (issue 21: a live lease of another process is never taken; task-runner.ts).
   */
  async releaseLeases(now: number, deadOwners: readonly string[]): Promise<number> {
    const dead = inList('lease_owner', deadOwners);
    return await this.db.run(`UPDATE tasks SET status = 'pending', lease_owner = NULL, lease_expires_at = NULL, updated_at = ?
         WHERE status = 'running' AND (lease_expires_at < ? OR ${dead.sql})`, now, now, ...dead.params);
  }

  async leaseOwners(prefix: string): Promise<string[]> {
    // substr, not LIKE: owner ids may hold `_`, a LIKE wildcard.
    return await this.db.column("SELECT DISTINCT lease_owner FROM tasks WHERE status = 'running' AND substr(lease_owner, 1, ?) = ?", prefix.length, prefix);
  }

  onEnqueue(listener: () => void): () => void {
    return this.db.listen(TASKS_CHANNEL, listener);
  }

  async nextRunAt(kinds: string[]): Promise<number | undefined> {
    if (!kinds.length) return undefined;
    const kind = inList('kind', kinds);
    return (await this.db.value(`SELECT MIN(run_at) FROM tasks WHERE status = 'pending' AND ${kind.sql}`, ...kind.params) as number | null) ?? undefined;
  }
}
