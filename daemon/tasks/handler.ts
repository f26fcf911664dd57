import type { Task } from '../store/tasks.js';
import type { Store } from '../store/index.js';
import type { TaskLease } from '../store/lease-fence.js';
import { databaseUnavailableOf } from '../store/unavailable.js';
import { diskFullOf } from '../domain/disk-full.js';

// What a kind of task is, apart from the runner that runs it (task-runner.ts re-exports these).

export interface TaskControl {
  /** Aborted when the daemon stops or the lease is lost; handlers pass it to child processes. */
  signal: AbortSignal;
  /** Parsed `payload` of the task. */
  payload: unknown;
  /**
   * The store as this attempt's write path: each write commits only while the attempt holds its
   * lease (LeaseLostError otherwise, which stops the task quietly). Handlers write through it.
   */
  store: Store;
  /** The attempt's fencing token. */
  lease: TaskLease;
}

/**
 * What a kind of task does. `run` must be resumable: it may be called again after a crash or a
 * retry, and should skip work whose result is already stored. `onGiveUp` is awaited inside the
 * transaction that marks the task failed, so the resource's failed state and its event commit
 * together with it. A give-up that throws rolls that transaction back; the runner then marks the
 * task failed on its own and logs the error (the daemon stays up, the task never runs again).
 */
export interface TaskHandler {
  kind: string;
  /** Tasks of this kind running at once. */
  concurrency: number;
  maxAttempts: number;
  /** Delay before retry n (1-based). */
  retryDelayMs?: (attempt: number) => number;
  run(task: Task, ctl: TaskControl): Promise<void>;
  onGiveUp(task: Task, error: Error): Promise<void>;
}

/** Errors that retrying cannot fix (bad media, a refused link): fail at once. */
export class PermanentTaskError extends Error {}

/**
 * An error may say when to try again (a platform's rate limit that resets at a known time,
 * Retry-After): `retryAfterMs` then replaces the handler's backoff for that retry.
 */
export const retryHintOf = (error: Error): number | undefined => {
  const ms = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
};

/** How long a task that met a full disk waits before it looks again. */
export const DISK_FULL_RETRY_MS = 30_000;
/** How long a task whose database did not answer waits before it runs again. */
const DATABASE_RETRY_MS = 5_000;

/**
 * Failures that are no fault of the task (a full disk; a database that did not
 * answer): it waits and runs again, its attempt given back, however often it meets them.
 */
export function noFaultWait(error: Error): { delayMs: number; level: 'warn' | 'error'; message: string; outcome: string } | undefined {
  const full = diskFullOf(error);
  if (full) return { delayMs: DISK_FULL_RETRY_MS, level: 'error', message: `task waits for disk space: the ${full === 'database' ? "database's" : "object store's"} disk is full`, outcome: 'disk_full' };
  if (databaseUnavailableOf(error)) return { delayMs: DATABASE_RETRY_MS, level: 'warn', message: 'task waits for the database: it did not answer', outcome: 'database_unavailable' };
  return undefined;
}
