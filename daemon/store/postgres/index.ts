import type { Clock } from '../../clock.js';
import { storeOver, type Store } from '../index.js';
import { migratePostgres } from './migrations/index.js';
import { PgSql } from './pg-sql.js';

/**
 * The store of a hosted deployment (issue 21, item 1): every repository over PostgreSQL at
 * `url` (config `database.url` or CLIPPER_DATABASE_URL), its migrations applied first.
 */
export async function postgresStore(url: string, clock: Clock, opts: { poolSize?: number } = {}): Promise<Store> {
  const sql = PgSql.connect(url, opts.poolSize);
  try {
    await migratePostgres(sql);
  } catch (err) {
    await sql.close();
    throw err;
  }
  return storeOver(sql, clock);
}
