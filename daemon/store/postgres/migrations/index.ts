import type { Sql } from '../../sql.js';
import { p001 } from './001-schema.js';
import { p002 } from './002-rate-counters.js';
import { p030 } from './030-requested-clips.js';

export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

/** PostgreSQL's own numbered migrations (issue 21, item 1), applied in order, each once. */
export const PG_MIGRATIONS: PgMigration[] = [p001, p002, p030];

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction (a
 * failure undoes every one of them). Several processes may start at once against one database:
 * an advisory lock makes them take turns, and the one that comes second finds the work done.
 */
export async function migratePostgres(sql: Sql): Promise<void> {
  await sql.transaction(async () => {
    await sql.value('SELECT pg_advisory_xact_lock(2100)');
    await sql.run('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const applied = new Set(await sql.column<number>('SELECT version FROM schema_migrations'));
    for (const m of [...PG_MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue;
      await sql.run(m.sql);
      await sql.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', m.version, m.name, Date.now());
    }
  });
}
