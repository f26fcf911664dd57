import type { Sql } from '../../sql.js';
import { MIGRATIONS, type Migration } from '../../migrations/index.js';
import { POSTGRES } from '../../migrations/dialect.js';

export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * PostgreSQL's numbered migrations (issue 21, item 1), made from the one list both engines share
 * (issue 27, item 3: ../../migrations/, in PostgreSQL's words). The first PostgreSQL databases
 * recorded the schema of SQLite's 001-016 as their version 1 and 021 as version 2: those two keep
 * their numbers, so a database migrated before is neither migrated again nor skipped. Every later
 * migration keeps its own number (above 21) on both engines.
 */
export const PG_MIGRATIONS: PgMigration[] = [
  merged(1, 'schema of SQLite migrations 001-016', MIGRATIONS.filter((m) => m.version <= 16)),
  merged(2, 'rate counters (SQLite 021)', MIGRATIONS.filter((m) => m.version === 21)),
  ...MIGRATIONS.filter((m) => m.version > 21).map((m) => merged(m.version, m.name, [m])),
];

function merged(version: number, name: string, from: Migration[]): PgMigration {
  return { version, name, sql: [...from].sort((a, b) => a.version - b.version).map((m) => m.sql(POSTGRES)).join('\n') };
}

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
