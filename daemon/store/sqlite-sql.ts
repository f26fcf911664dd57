import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import type { Sql } from './sql.js';
import { TxScope } from './tx-scope.js';
import { Channels } from './channels.js';
import { withDeadline } from './unavailable.js';

/**
 * The embedded engine under the repositories: one better-sqlite3 connection shared by every
 * request (issue 21, step 1: "transactions and plain calls must not interleave across awaits").
 * Every statement and every transaction takes turns through one async mutex, so no statement of
 * another request ever runs inside someone else's open BEGIN IMMEDIATE ... COMMIT. Statements run
 * inside a transaction's function join it without waiting (tx-scope.ts).
 */
export class SqliteSql implements Sql {
  readonly dialect = 'sqlite' as const;
  private tail: Promise<unknown> = Promise.resolve();
  /** Prepared statements by SQL text (plucked ones apart), so a statement is compiled once, not per call. */
  private readonly statements = new Map<string, Statement>();
  private readonly scope = new TxScope<Db>((db, sql) => {
    // A failed COMMIT or statement may have ended the transaction already.
    if (sql === 'ROLLBACK' && !db.inTransaction) return;
    db.exec(sql);
  });

  private readonly channels = new Channels();

  constructor(private readonly db: Db) {}

  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.call(() => this.prepare(sql).get(...params) as T | undefined);
  }

  all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.call(() => this.prepare(sql).all(...params) as T[]);
  }

  run(sql: string, ...params: unknown[]): Promise<number> {
    return this.call(() => this.prepare(sql).run(...params).changes);
  }

  value<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.call(() => this.prepare(sql, true).get(...params) as T | undefined);
  }

  column<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.call(() => this.prepare(sql, true).all(...params) as T[]);
  }

  afterCommit(fn: () => void): void {
    this.scope.afterCommit(fn);
  }

  /** One process per SQLite file: its own listeners are all there are. */
  async notify(channel: string): Promise<void> {
    if (this.channels.has(channel)) this.afterCommit(() => this.channels.fire(channel));
  }

  listen(channel: string, fn: () => void): () => void {
    return this.channels.listen(channel, fn);
  }

  /** BEGIN IMMEDIATE ... COMMIT around `fn`, in its turn; nested, a savepoint. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    const open = this.scope.current();
    if (open) return this.scope.savepoint(open, fn);
    return this.turn(() => this.scope.run(this.db, 'BEGIN IMMEDIATE', fn));
  }

  /** Waits its turn like any statement: a transaction held too long makes it time out. */
  async ping(timeoutMs: number): Promise<void> {
    await withDeadline(this.value('SELECT 1'), timeoutMs, 'ping');
  }

  close(): Promise<void> {
    return this.call(() => {
      this.statements.clear();
      this.db.close();
    });
  }

  private prepare(sql: string, pluck = false): Statement {
    const key = pluck ? `pluck:${sql}` : sql;
    let stmt = this.statements.get(key);
    if (!stmt) {
      stmt = pluck ? this.db.prepare(sql).pluck() : this.db.prepare(sql);
      // Statements built from lists (inList, column sets) vary: keep the cache bounded, oldest out first.
      if (this.statements.size >= MAX_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(key, stmt);
    }
    return stmt;
  }

  private call<T>(fn: () => T): Promise<T> {
    if (this.scope.current()) return attempt(fn);
    return this.turn(() => attempt(fn));
  }

  private turn<T>(fn: () => Promise<T>): Promise<T> {
    // Only reached with no open transaction in the calling context (call() and transaction()
    // join or nest one otherwise), so `fn` needs no context of its own.
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

const MAX_STATEMENTS = 500;

function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err);
  }
}
