import { inList, type Sql } from './sql.js';
import { randomToken } from '../../src/api/ids.js';
import type { EnqueueInput, Task, TaskRepository, TaskStatus } from './queue-repositories.js';

export type { EnqueueInput, Task, TaskStatus };

/** SQL of the durable task queue; the TaskRunner owns the policy around it. */
export class TaskRepo implements TaskRepository {
  constructor(private db: Sql) {}

  /**
   * Adds a task, joining the caller's transaction. If the same kind and resource already has an
   * active task, that one is returned instead: the partial unique index tasks_one_active decides,
   * so two processes enqueueing at once still make one.
   */
  async enqueue(input: EnqueueInput, now: number): Promise<Task> {
    return await this.db.transaction(async () => {
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

  async heartbeat(id: string, owner: string, until: number): Promise<boolean> {
    return await this.db.run("UPDATE tasks SET lease_expires_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'", until, id, owner) > 0;
  }

  async finish(id: string, owner: string, status: 'done' | 'failed' | 'cancelled', error: string | null, now: number): Promise<boolean> {
    return (
      await this.db.run("UPDATE tasks SET status = ?, last_error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'", status, error, now, id, owner) > 0
    );
  }

  async retryLater(id: string, owner: string, runAt: number, error: string, now: number): Promise<boolean> {
    return (
      await this.db.run("UPDATE tasks SET status = 'pending', run_at = ?, last_error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'", runAt, error, now, id, owner) > 0
    );
  }

  /** Cancels a pending task (a running one is left to finish or notice). */
  async cancelPending(kind: string, resourceId: string, now: number): Promise<boolean> {
    return await this.db.run("UPDATE tasks SET status = 'cancelled', updated_at = ? WHERE kind = ? AND resource_id = ? AND status = 'pending'", now, kind, resourceId) > 0;
  }

  /** Puts running tasks whose lease ran out (or that belong to a dead owner) back to pending. */
  async releaseStale(now: number, currentOwner: string): Promise<number> {
    return await this.db.run("UPDATE tasks SET status = 'pending', lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE status = 'running' AND (lease_expires_at < ? OR lease_owner IS DISTINCT FROM ?)", now, now, currentOwner);
  }

  async nextRunAt(kinds: string[]): Promise<number | undefined> {
    if (!kinds.length) return undefined;
    const kind = inList('kind', kinds);
    return (await this.db.value(`SELECT MIN(run_at) FROM tasks WHERE status = 'pending' AND ${kind.sql}`, ...kind.params) as number | null) ?? undefined;
  }
}
