/**
 * What every repository runs its statements through (issue 21, item 1): one set of repository
 * classes (daemon/store/*.ts) over two engines, the embedded SQLite file and PostgreSQL.
 * Statements are written once, in the SQL both engines accept: `?` placeholders in order, or
 * `@name` ones with one object of values; `"end"` quoted; `ON CONFLICT ... DO NOTHING` rather
 * than `INSERT OR IGNORE`; `IS DISTINCT FROM` rather than `IS NOT`; lists through `inList()`.
 * Where the engines differ in more than spelling, a repository asks `dialect`.
 */
export interface Sql {
  readonly dialect: 'sqlite' | 'postgres';
  /** The first row, or undefined. */
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** How many rows the statement changed. */
  run(sql: string, ...params: unknown[]): Promise<number>;
  /** The first column of the first row (undefined without a row). */
  value<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** The first column of every row. */
  column<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /**
   * `fn` in one transaction: every statement run inside it, through this Sql, joins it (its
   * async context carries the transaction). Nested, it is a savepoint.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** `fn` once the transaction of the calling context commits (never if it rolls back); now without one. */
  afterCommit(fn: () => void): void;
  /**
   * Wakes the listeners of `channel` once the calling context's transaction commits (now without
   * one): this process's, and on PostgreSQL every other process's (NOTIFY, which the server
   * itself holds back until COMMIT and drops on ROLLBACK).
   */
  notify(channel: string): Promise<void>;
  /** Calls `fn` on each wake-up of `channel`; returns an unsubscribe. */
  listen(channel: string, fn: () => void): () => void;
  /** `SELECT 1`; rejects (DatabaseUnavailableError) when no answer comes within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** `column IN (...)` over a list, as placeholders and their values; an empty list matches no row. */
export function inList(column: string, values: readonly unknown[]): { sql: string; params: unknown[] } {
  return values.length ? { sql: `${column} IN (${values.map(() => '?').join(',')})`, params: [...values] } : { sql: '1 = 0', params: [] };
}

/** `column NOT IN (...)`; an empty list matches every row. */
export function notInList(column: string, values: readonly unknown[]): { sql: string; params: unknown[] } {
  return values.length ? { sql: `${column} NOT IN (${values.map(() => '?').join(',')})`, params: [...values] } : { sql: '1 = 1', params: [] };
}
