import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from './sql.js';

/** The fencing token of a running task: its id, the worker holding it and the attempt it runs. */
export interface TaskLease {
  id: string;
  owner: string;
  attempt: number;
}

/** A write of a task that no longer holds its lease: refused, and the task stops without a trace. */
export class LeaseLostError extends Error {
  readonly code = 'LEASE_LOST';
  constructor(lease: TaskLease) {
    super(`task ${lease.id} (attempt ${lease.attempt}) no longer holds its lease`);
    this.name = 'LeaseLostError';
  }
}

/** True when `e` or one of its causes is a LeaseLostError. */
export function leaseLostOf(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof LeaseLostError) return true;
  }
  return false;
}

/** Statements that only read: everything else a fenced Sql runs is a write. */
const READ = /^\s*SELECT\b/i;

/**
 * The write path of a task (a fencing token): every write runs in a transaction that first
 * checks, on that transaction's connection, that the task is still running under this lease
 * (same owner, same attempt) and locks its row until COMMIT (PostgreSQL `FOR UPDATE`; SQLite's
 * BEGIN IMMEDIATE holds the whole file), so no worker can take the task over between the check
 * and the commit. A stale holder's writes are refused with LeaseLostError. Reads pass through.
 */
export class FencedSql implements Sql {
  readonly dialect: Sql['dialect'];
  /** The fenced transaction open in the calling context: its check already ran. */
  private readonly checked = new AsyncLocalStorage<{ open: boolean }>();

  constructor(private readonly inner: Sql, readonly lease: TaskLease) {
    this.dialect = inner.dialect;
  }

  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.fenced(sql, () => this.inner.get<T>(sql, ...params));
  }

  all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.fenced(sql, () => this.inner.all<T>(sql, ...params));
  }

  run(sql: string, ...params: unknown[]): Promise<number> {
    return this.fenced(sql, () => this.inner.run(sql, ...params));
  }

  value<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.fenced(sql, () => this.inner.value<T>(sql, ...params));
  }

  column<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.fenced(sql, () => this.inner.column<T>(sql, ...params));
  }

  /** `fn` in a transaction that holds the lease (checked once, at its start). */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.checked.getStore()?.open) return await this.inner.transaction(fn);
    return await this.inner.transaction(async () => {
      await this.check();
      const mark = { open: true };
      try {
        return await this.checked.run(mark, fn);
      } finally {
        mark.open = false;
      }
    });
  }

  /** Throws LeaseLostError unless the lease is still held (a read, for work before a write). */
  async check(): Promise<void> {
    const lock = this.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const { id, owner, attempt } = this.lease;
    const held = await this.inner.value("SELECT 1 FROM tasks WHERE id = ? AND lease_owner = ? AND attempts = ? AND status = 'running'" + lock, id, owner, attempt);
    if (held === undefined) throw new LeaseLostError(this.lease);
  }

  afterCommit(fn: () => void): void {
    this.inner.afterCommit(fn);
  }

  notify(channel: string): Promise<void> {
    return this.inner.notify(channel);
  }

  listen(channel: string, fn: () => void): () => void {
    return this.inner.listen(channel, fn);
  }

  ping(timeoutMs: number): Promise<void> {
    return this.inner.ping(timeoutMs);
  }

  /** A view: the engine it wraps is closed by its owner. */
  async close(): Promise<void> {}

  private fenced<T>(sql: string, call: () => Promise<T>): Promise<T> {
    return READ.test(sql) || this.checked.getStore()?.open ? call() : this.transaction(call);
  }
}
