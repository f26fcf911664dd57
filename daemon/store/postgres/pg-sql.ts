import pg from 'pg';
import type { Sql } from '../sql.js';
import { TxScope } from '../tx-scope.js';
import { toNumbered } from './placeholders.js';
import { PgListener } from './pg-listener.js';
import { databaseUnavailableOf, DatabaseUnavailableError, withDeadline } from '../unavailable.js';

// BIGINT (times in ms, counts) and NUMERIC (SUM of integers) come back as numbers, as SQLite's do.
const NUMBER_TYPES = new Set([20, 1700]);
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    NUMBER_TYPES.has(oid) ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** How long a call waits for PostgreSQL (settings `database.query_timeout_ms`, `database.connect_timeout_ms`). */
export interface PgTimeouts {
  queryMs: number;
  connectMs: number;
}
const DEFAULT_TIMEOUTS: PgTimeouts = { queryMs: 5_000, connectMs: 5_000 };

/** `p`, its timeouts and lost connections rejected as DatabaseUnavailableError (the cause kept). */
function unavailableAs<T>(p: Promise<T>, what: string): Promise<T> {
  return p.catch((e: unknown) => Promise.reject(unavailableAs.wrap(e, what)));
}
unavailableAs.wrap = (e: unknown, what: string): unknown =>
  e instanceof DatabaseUnavailableError || !databaseUnavailableOf(e) ? e : new DatabaseUnavailableError(what, { cause: e });

/**
 * The PostgreSQL engine under the repositories (issue 21, item 1): a node-postgres pool. A
 * transaction holds one pooled connection from BEGIN to COMMIT, and every statement run inside
 * its function goes to that connection (tx-scope.ts); other statements take any free
 * connection, so requests never wait for each other's transactions here.
 */
export class PgSql implements Sql {
  readonly dialect = 'postgres' as const;
  private readonly scope = new TxScope<pg.PoolClient>((client, sql) => client.query(sql), databaseUnavailableOf);

  private readonly listener: PgListener;

  constructor(readonly pool: pg.Pool, listenerConfig: pg.ClientConfig) {
    this.listener = new PgListener(listenerConfig);
  }

  /**
   * A pool whose every wait is bounded (`timeouts`): a statement (`query_timeout` in the client,
   * `statement_timeout` on the server) and a connection, new or free; a frozen server then fails
   * calls with DatabaseUnavailableError instead of holding them, and a later call connects anew.
   */
  static connect(url: string, max = 10, timeouts: PgTimeouts = DEFAULT_TIMEOUTS): PgSql {
    const bounds = { query_timeout: timeouts.queryMs, statement_timeout: timeouts.queryMs, connectionTimeoutMillis: timeouts.connectMs };
    return new PgSql(new pg.Pool({ connectionString: url, max, types, ...bounds }), { connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
  }

  async get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.all<T>(sql, ...params))[0];
  }

  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    const rows = (await this.query(sql, params)).rows as Array<Record<string, unknown>>;
    // `rowid` stands in for SQLite's implicit one (insertion order): never part of a record.
    for (const row of rows) delete row.rowid;
    return rows as T[];
  }

  async run(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  async value<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    const r = await this.query(sql, params, 'array');
    return (r.rows[0] as unknown[] | undefined)?.[0] as T | undefined;
  }

  async column<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    const r = await this.query(sql, params, 'array');
    return (r.rows as unknown[][]).map((row) => row[0] as T);
  }

  afterCommit(fn: () => void): void {
    this.scope.afterCommit(fn);
  }

  /** Other processes: NOTIFY, held by the server until COMMIT. This one: after commit, directly. */
  async notify(channel: string): Promise<void> {
    await this.value('SELECT pg_notify(?, ?)', channel, this.listener.token);
    if (this.listener.hasLocal(channel)) this.afterCommit(() => this.listener.fireLocal(channel));
  }

  listen(channel: string, fn: () => void): () => void {
    return this.listener.listen(channel, fn);
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const open = this.scope.current();
    if (open) return this.scope.savepoint(open, fn);
    const client = await unavailableAs(this.pool.connect(), 'connect');
    let failure: unknown;
    try {
      return await this.scope.run(client, 'BEGIN', fn);
    } catch (e) {
      failure = e;
      throw unavailableAs.wrap(e, 'transaction');
    } finally {
      // A connection whose statement got no answer is dropped, not handed to the next caller.
      client.release(failure !== undefined && databaseUnavailableOf(failure) ? (failure as Error) : undefined);
    }
  }

  /** Any pooled connection, never the caller's transaction: is the server answering now? */
  async ping(timeoutMs: number): Promise<void> {
    await withDeadline(this.pool.query({ text: 'SELECT 1', query_timeout: timeoutMs } as pg.QueryConfig), timeoutMs, 'ping');
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.pool.end();
  }

  private query(sql: string, params: unknown[], rowMode?: 'array'): Promise<pg.QueryResult> {
    const { text, values } = toNumbered(sql, params);
    const target = this.scope.current()?.conn ?? this.pool;
    // Without values node-postgres sends a simple query, which may hold several statements (migrations).
    return unavailableAs(target.query({ text, ...(values.length ? { values } : {}), ...(rowMode ? { rowMode } : {}) }), 'statement');
  }
}
