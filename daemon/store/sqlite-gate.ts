import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db.js';

/** A repository interface with its Promises taken off: what the SQLite classes implement. */
export type Synchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : T[K];
};

interface TxContext {
  /** False once the transaction committed or rolled back (work it spawned then queues like any other). */
  active: boolean;
  afterCommit: Array<() => void>;
  savepoints: number;
}

/**
 * The one SQLite connection shared by every request (issue 21, step 1: "transactions and plain
 * calls must not interleave across awaits"). Every store call and every transaction takes turns
 * through one async mutex, so no statement of another request ever runs inside someone else's
 * open BEGIN IMMEDIATE ... COMMIT. Calls made inside a transaction's function (found through
 * AsyncLocalStorage, whether made on `tx` or on the store itself) join it without waiting.
 */
export class SqliteGate {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly context = new AsyncLocalStorage<TxContext>();

  constructor(private readonly db: Db) {}

  /** Runs a synchronous statement in its turn (or at once inside the caller's transaction). */
  call<T>(fn: () => T): Promise<T> {
    if (this.context.getStore()?.active) return attempt(fn);
    return this.turn(() => attempt(fn));
  }

  /** `fn` after the transaction of the calling context commits, or now when there is none. */
  afterCommit(fn: () => void): void {
    const ctx = this.context.getStore();
    if (ctx?.active) ctx.afterCommit.push(fn);
    else fn();
  }

  /**
   * BEGIN IMMEDIATE ... COMMIT around `fn`; a throw rolls back and is rethrown. Called inside
   * another transaction it is a savepoint of it: its throw undoes only its own writes.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const outer = this.context.getStore();
    if (outer?.active) return this.savepoint(outer, fn);
    return this.turn(async () => {
      const ctx: TxContext = { active: true, afterCommit: [], savepoints: 0 };
      this.db.exec('BEGIN IMMEDIATE');
      let value: T;
      try {
        value = await this.context.run(ctx, fn);
        ctx.active = false;
        this.db.exec('COMMIT');
      } catch (err) {
        ctx.active = false;
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
      // Listeners run outside the finished transaction's context.
      this.context.exit(() => ctx.afterCommit.forEach((f) => f()));
      return value;
    });
  }

  private async savepoint<T>(ctx: TxContext, fn: () => Promise<T>): Promise<T> {
    const name = `sp_${++ctx.savepoints}`;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const value = await fn();
      this.db.exec(`RELEASE ${name}`);
      return value;
    } catch (err) {
      this.db.exec(`ROLLBACK TO ${name}`);
      this.db.exec(`RELEASE ${name}`);
      throw err;
    }
  }

  private turn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(() => this.context.exit(fn));
    this.tail = run.catch(() => undefined);
    return run;
  }
}

function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err);
  }
}

/** The asynchronous face of a synchronous repository: each method call takes its turn at the gate. */
export function gated<T extends object>(repo: Synchronous<T>, gate: SqliteGate, passThrough: readonly string[] = []): T {
  return new Proxy(repo as object, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || passThrough.includes(String(prop))) return value;
      return (...args: unknown[]) => gate.call(() => value.apply(target, args));
    },
  }) as T;
}
