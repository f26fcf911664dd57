import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { OpsError } from './ops-error.js';
import { dumpPostgres, loadPostgresDump } from './pg-sql-dump.js';

/** The dump file of each way of backing up a PostgreSQL database. */
export const PG_DUMP_FILE = 'database.pgdump';
export const PG_SQL_FILE = 'database.sql';
export type PgDumpKind = 'pg_dump' | 'sql';

/**
 * Issue 31, item 3: "`pg_dump` for PostgreSQL when its tools are there". pg_dump refuses a
 * server of a newer major version than its own, so it is used only when the one on PATH is of
 * the server's major or newer; otherwise (none, or too old: Debian 12's is 15) the database is
 * written as SQL through the driver (pg-sql-dump.ts), which any server version reads back.
 * Either way one consistent snapshot, taken while the daemon runs.
 */
export async function backupPostgres(url: string, to: string): Promise<PgDumpKind> {
  const server = await serverMajor(url);
  const tool = pgDumpMajor();
  if (tool !== undefined && tool >= server) {
    const r = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', join(to, PG_DUMP_FILE), '--dbname', url], { encoding: 'utf8' });
    if (r.status !== 0) throw new OpsError(`pg_dump failed: ${(r.stderr ?? '').trim().split('\n')[0]}`);
    return 'pg_dump';
  }
  await dumpPostgres(url, join(to, PG_SQL_FILE));
  return 'sql';
}

/** Loads a backup's database into `url`, which must be empty; the restore tool follows the dump's kind. */
export async function restorePostgresDump(from: string, url: string, kind: PgDumpKind): Promise<void> {
  if (kind === 'sql') {
    await loadPostgresDump(url, join(from, PG_SQL_FILE));
    return;
  }
  if (!existsSync(join(from, PG_DUMP_FILE))) throw new OpsError(`${from} has no ${PG_DUMP_FILE}: the backup is incomplete`);
  const r = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', url, join(from, PG_DUMP_FILE)], { encoding: 'utf8' });
  if (r.error) throw new OpsError('pg_restore is not on PATH: this backup was made by pg_dump; install the PostgreSQL client tools (of the dump\'s major version or newer) to restore it');
  if (r.status !== 0) throw new OpsError(`pg_restore failed: ${(r.stderr ?? '').trim().split('\n')[0]}`);
}

/** The major version of the pg_dump on PATH ("pg_dump (PostgreSQL) 15.18 (Debian ...)" -> 15), or undefined. */
export function pgDumpMajor(): number | undefined {
  const r = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  const m = /\)\s+(\d+)/.exec(r.stdout);
  return m ? Number(m[1]) : undefined;
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Math.floor(Number((await client.query<{ v: string }>('SHOW server_version_num')).rows[0].v) / 10_000);
  } finally {
    await client.end();
  }
}
