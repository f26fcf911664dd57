import type { Clock } from '../../clock.js';
import { storeOver, type Store } from '../index.js';
import { migratePostgres } from './migrations/index.js';
import { PgSql, type PgTimeouts } from './pg-sql.js';

/**
 * The store of a hosted deployment (issue 21, item 1): every repository over PostgreSQL at
 * `url` (config `database.url` or CLIPPER_DATABASE_URL), its migrations applied first.
 */
export async function postgresStore(url: string, clock: Clock, opts: { poolSize?: number; timeouts?: PgTimeouts } = {}): Promise<Store> {
  // Migrations run on a connection of their own, without the statement timeout (an index on a
  // large table takes what it takes); requests and tasks use the bounded pool.
  const migrator = PgSql.connect(url, 1, { queryMs: 0, connectMs: opts.timeouts?.connectMs ?? 0 });
  try {
    await migratePostgres(migrator);
  } finally {
    await migrator.close();
  }
  return storeOver(PgSql.connect(url, opts.poolSize, opts.timeouts), clock);
}
