// Issue 27, item 3: "one schema, two engines". Each migration is written once
// (daemon/store/migrations/, dialect.ts); a migrated SQLite database and a migrated PostgreSQL
// database have the same tables, columns (types, NOT NULL), primary keys, unique constraints and
// indexes. And a PostgreSQL database migrated by the old hand-written schema (versions 1 and 2
// recorded) is neither migrated again nor missing anything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../daemon/store/db.js';
import { PgSql } from '../../daemon/store/postgres/pg-sql.js';
import { migratePostgres, PG_MIGRATIONS } from '../../daemon/store/postgres/migrations/index.js';
import { MIGRATIONS } from '../../daemon/store/migrations/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

interface Schema {
  /** `table.column` -> `TYPE [NOT NULL]`. */
  columns: Record<string, string>;
  /** `table` -> its primary key columns. */
  primaryKeys: Record<string, string[]>;
  /** Unique constraints and indexes, `table(cols)` (unique, partial noted), named when created by name. */
  indexes: string[];
}

/** SQLite's and PostgreSQL's words for the same storage (SQLite's INTEGER is 64-bit). */
const TYPES: Record<string, string> = { integer: 'INTEGER', bigint: 'INTEGER', 'double precision': 'REAL', text: 'TEXT', INTEGER: 'INTEGER', REAL: 'REAL', TEXT: 'TEXT' };

function sqliteSchema(db: Db): Schema {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  const schema: Schema = { columns: {}, primaryKeys: {}, indexes: [] };
  for (const t of tables) {
    const cols = db.prepare(`PRAGMA table_info(${t})`).all() as Array<{ name: string; type: string; notnull: number; pk: number }>;
    for (const c of cols) schema.columns[`${t}.${c.name}`] = `${TYPES[c.type]}${c.notnull || c.pk ? ' NOT NULL' : ''}`;
    schema.primaryKeys[t] = cols.filter((c) => c.pk).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    for (const i of db.prepare(`PRAGMA index_list(${t})`).all() as Array<{ name: string; unique: number; origin: string; partial: number }>) {
      if (i.origin === 'pk') continue;
      const on = (db.prepare(`PRAGMA index_info(${i.name})`).all() as Array<{ seqno: number; name: string }>).sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
      schema.indexes.push(indexKey(i.origin === 'c' ? i.name : undefined, t, on, !!i.unique, !!i.partial));
    }
  }
  schema.indexes.sort();
  return schema;
}

async function postgresSchema(sql: PgSql): Promise<Schema> {
  const schema: Schema = { columns: {}, primaryKeys: {}, indexes: [] };
  const cols = await sql.all<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
  );
  // rowid: SQLite's implicit insertion-order column, explicit on PostgreSQL (dialect.ts).
  for (const c of cols) if (c.column_name !== 'rowid') schema.columns[`${c.table_name}.${c.column_name}`] = `${TYPES[c.data_type] ?? c.data_type}${c.is_nullable === 'NO' ? ' NOT NULL' : ''}`;
  const indexes = await sql.all<{ table_name: string; index_name: string; columns: string; is_unique: boolean; is_primary: boolean; partial: boolean; by_constraint: boolean }>(`
    SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique, x.indisprimary AS is_primary,
           x.indpred IS NOT NULL AS partial, EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid) AS by_constraint,
           array_to_string(ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n), ',') AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
    WHERE s.nspname = 'public'`);
  for (const i of indexes) {
    const columns = i.columns.split(',');
    if (i.is_primary) schema.primaryKeys[i.table_name] = columns;
    else if (i.columns !== 'rowid') schema.indexes.push(indexKey(i.by_constraint ? undefined : i.index_name, i.table_name, columns, i.is_unique, i.partial));
  }
  schema.indexes.sort();
  return schema;
}

const indexKey = (name: string | undefined, table: string, columns: string[], unique: boolean, partial: boolean) =>
  `${unique ? 'UNIQUE ' : ''}${name ? `${name} ON ` : ''}${table}(${columns.join(', ')})${partial ? ' WHERE ...' : ''}`;

let pg: TestPostgres;
let dir: string;
beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'clipper-schema-'));
});
afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('one schema, two engines (daemon/store/migrations)', () => {
  it('makes the same tables, columns, types, keys and indexes on SQLite and PostgreSQL', async () => {
    const db = openDb(join(dir, 'clipper.db'));
    const sql = PgSql.connect(await pg.createDatabase(), 1);
    try {
      await migratePostgres(sql);
      const lite = sqliteSchema(db);
      const post = await postgresSchema(sql);
      expect(Object.keys(lite.columns).length).toBeGreaterThan(150);
      expect(post.columns).toEqual(lite.columns);
      expect(post.primaryKeys).toEqual(lite.primaryKeys);
      expect(post.indexes).toEqual(lite.indexes);
      expect(lite.indexes).toContain('UNIQUE tasks_one_active ON tasks(kind, resource_id) WHERE ...');
      // PostgreSQL's own words (dialect.ts): counters skip the write-ahead log; clips' ranks are
      // checked at each statement's end.
      expect(await sql.value("SELECT relpersistence FROM pg_class WHERE relname = 'rate_counters'")).toBe('u');
      expect(await sql.value("SELECT condeferrable FROM pg_constraint WHERE conname = 'clips_job_id_rank_key'")).toBe(true);
    } finally {
      db.close();
      await sql.close();
    }
  });

  it('keeps the numbers PostgreSQL databases recorded before: 1 (SQLite 001-016) and 2 (021), later ones their own', () => {
    expect(PG_MIGRATIONS.slice(0, 2).map((m) => [m.version, m.name])).toEqual([[1, 'schema of SQLite migrations 001-016'], [2, 'rate counters (SQLite 021)']]);
    expect(PG_MIGRATIONS.slice(2).map((m) => m.version)).toEqual(MIGRATIONS.filter((m) => m.version > 21).map((m) => m.version).sort((a, b) => a - b));
    // SQLite data dirs keep theirs: the versions recorded so far are all still in the list.
    expect(MIGRATIONS.map((m) => m.version)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 13, 16, 21]));
  });

  it('opens a PostgreSQL database migrated before and applies nothing twice', async () => {
    const url = await pg.createDatabase();
    const first = PgSql.connect(url, 1);
    try {
      await migratePostgres(first);
      await first.run("INSERT INTO teams (id, name, created_at) VALUES ('team_kept', 'kept', 1)");
    } finally {
      await first.close();
    }
    const again = PgSql.connect(url, 1);
    try {
      await migratePostgres(again);
      expect(await again.column<number>('SELECT version FROM schema_migrations ORDER BY version')).toEqual(PG_MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
      expect(await again.column<string>('SELECT id FROM teams')).toEqual(['team_kept']);
    } finally {
      await again.close();
    }
  });
});
