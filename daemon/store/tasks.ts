import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { randomToken } from '../../src/api/ids.js';
import type { EnqueueInput, Task, TaskRepository, TaskStatus } from './queue-repositories.js';

export type { EnqueueInput, Task, TaskStatus };

/** SQL of the durable task queue; the TaskRunner owns the policy around it. */
export class TaskRepo implements Synchronous<TaskRepository> {
  constructor(private db: Db) {}

  /**
   * Adds a task; synchronous, so it joins the caller's transaction. If the same kind and
   * resource already has an active task, that one is returned instead (at most one active).
   */
  enqueue(input: EnqueueInput, now: number): Task {
    const existing = this.active(input.kind, input.resourceId);
    if (existing) return existing;
    const id = `task_${randomToken(20)}`;
    this.db
      .prepare(
        `INSERT INTO tasks (id, kind, resource_id, team_id, status, attempts, max_attempts, run_at, payload, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.kind, input.resourceId, input.teamId, input.maxAttempts ?? 3, input.runAt, JSON.stringify(input.payload ?? {}), now, now);
    return this.get(id)!;
  }

  get(id: string): Task | undefined {
    return this.db.prepare('SELECT * FROM tasks WHERE id = ?').get(id) as Task | undefined;
  }

  active(kind: string, resourceId: string): Task | undefined {
    return this.db.prepare("SELECT * FROM tasks WHERE kind = ? AND resource_id = ? AND status IN ('pending','running')").get(kind, resourceId) as Task | undefined;
  }

  /** Atomically leases the next due pending task of one of `kinds`. */
  claim(kinds: string[], owner: string, now: number, leaseMs: number): Task | undefined {
    if (!kinds.length) return undefined;
    const marks = kinds.map(() => '?').join(',');
    return this.db
      .prepare(
        `UPDATE tasks SET status = 'running', attempts = attempts + 1, lease_owner = ?, lease_expires_at = ?, updated_at = ?
         WHERE id = (SELECT id FROM tasks WHERE status = 'pending' AND run_at <= ? AND kind IN (${marks}) ORDER BY run_at, created_at LIMIT 1)
         RETURNING *`,
      )
      .get(owner, now + leaseMs, now, now, ...kinds) as Task | undefined;
  }

  heartbeat(id: string, owner: string, until: number): boolean {
    return this.db.prepare("UPDATE tasks SET lease_expires_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'").run(until, id, owner).changes > 0;
  }

  finish(id: string, owner: string, status: 'done' | 'failed' | 'cancelled', error: string | null, now: number): boolean {
    return (
      this.db
        .prepare("UPDATE tasks SET status = ?, last_error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'")
        .run(status, error, now, id, owner).changes > 0
    );
  }

  retryLater(id: string, owner: string, runAt: number, error: string, now: number): boolean {
    return (
      this.db
        .prepare("UPDATE tasks SET status = 'pending', run_at = ?, last_error = ?, lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ? AND lease_owner = ? AND status = 'running'")
        .run(runAt, error, now, id, owner).changes > 0
    );
  }

  /** Cancels a pending task (a running one is left to finish or notice). */
  cancelPending(kind: string, resourceId: string, now: number): boolean {
    return this.db.prepare("UPDATE tasks SET status = 'cancelled', updated_at = ? WHERE kind = ? AND resource_id = ? AND status = 'pending'").run(now, kind, resourceId).changes > 0;
  }

  /** Puts running tasks whose lease ran out (or that belong to a dead owner) back to pending. */
  releaseStale(now: number, currentOwner: string): number {
    return this.db
      .prepare("UPDATE tasks SET status = 'pending', lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE status = 'running' AND (lease_expires_at < ? OR lease_owner IS NOT ?)")
      .run(now, now, currentOwner).changes;
  }

  nextRunAt(kinds: string[]): number | undefined {
    if (!kinds.length) return undefined;
    const marks = kinds.map(() => '?').join(',');
    return this.db.prepare(`SELECT MIN(run_at) FROM tasks WHERE status = 'pending' AND kind IN (${marks})`).pluck().get(...kinds) as number | undefined;
  }
}
