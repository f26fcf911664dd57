import pg from 'pg';
import type { Sql } from '../sql.js';
import { TxScope } from '../tx-scope.js';
import { toNumbered } from './placeholders.js';
import { PgListener } from './pg-listener.js';
import { withDeadline } from '../unavailable.js';

// BIGINT (times in ms, counts) and NUMERIC (SUM of integers) come back as numbers, as SQLite's do.
const NUMBER_TYPES = new Set([20, 1700]);
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    NUMBER_TYPES.has(oid) ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * The PostgreSQL engine under the repositories (issue 21, item 1): a node-postgres pool. A
 * transaction holds one pooled connection from BEGIN to COMMIT, and every statement run inside
 * its function goes to that connection (tx-scope.ts); other statements take any free
 * connection, so requests never wait for each other's transactions here.
 */
export class PgSql implements Sql {
  readonly dialect = 'postgres' as const;
  private readonly scope = new TxScope<pg.PoolClient>((client, sql) => client.query(sql));

  private readonly listener: PgListener;

  constructor(readonly pool: pg.Pool, listenerConfig: pg.ClientConfig) {
    this.listener = new PgListener(listenerConfig);
  }

  static connect(url: string, max = 10): PgSql {
    return new PgSql(new pg.Pool({ connectionString: url, max, types }), { connectionString: url });
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
    const client = await this.pool.connect();
    try {
      return await this.scope.run(client, 'BEGIN', fn);
    } finally {
      client.release();
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
    return target.query({ text, ...(values.length ? { values } : {}), ...(rowMode ? { rowMode } : {}) });
  }
}
