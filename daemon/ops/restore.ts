import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { openDb } from '../store/db.js';
import { SqliteSql } from '../store/sqlite-sql.js';
import type { Sql } from '../store/sql.js';
import { MANIFEST, NOT_COPIED, SQLITE_FILE, type BackupManifest } from './backup.js';
import { OpsError } from './ops-error.js';
import { PG_DUMP_FILE, PG_SQL_FILE, restorePostgresDump } from './postgres-backup.js';
import { copyTree, repointObjectMetadata } from './copy-tree.js';

/**
 * `clipper admin restore --from DIR` into an empty data dir (issue 31, item 3).
 *
 * The rule for scheduled posts and every other pending task: a restore MOVES the service, it
 * does not clone it. The restored data dir holds the queue as it was at the backup; once it
 * starts, it runs each pending task once (a scheduled post that fell due meanwhile publishes
 * then, once). The original must be stopped for good before the restored daemon starts: both
 * running would each fire the same scheduled posts. restore writes `restored-from.json` so an
 * operator can tell a restored dir, and hands back every lease the backup caught mid-task (a
 * running job, a webhook being delivered) so the restored daemon resumes them at once rather
 * than waiting for leases of a process that is not its own.
 */
export async function restoreDataDir(fromIn: string, dataDirIn: string, env: NodeJS.ProcessEnv = process.env): Promise<{ manifest: BackupManifest; released: number; objects: number }> {
  const from = resolve(fromIn);
  const dataDir = resolve(dataDirIn);
  const manifestFile = join(from, MANIFEST);
  if (!existsSync(manifestFile)) throw new OpsError(`${from} is not a clipper backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new OpsError(`${from} is a backup of format ${String(manifest.format)}, which this release does not read`);
  if (existsSync(dataDir) && readdirSync(dataDir).length) throw new OpsError(`${dataDir} is not empty: restore into a new or empty data dir`);

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  await copyTree(from, dataDir, (rel) => rel === MANIFEST || rel === PG_DUMP_FILE || rel === PG_SQL_FILE || NOT_COPIED(rel));
  const objects = await repointObjectMetadata(join(dataDir, 'objects', 'data'));

  let released: number;
  if (manifest.database === 'sqlite') {
    copyFileSync(join(from, SQLITE_FILE), join(dataDir, SQLITE_FILE));
    const db = openDb(join(dataDir, SQLITE_FILE)); // applies this release's migrations (an older backup upgrades)
    try {
      released = await releaseLeases(new SqliteSql(db));
    } finally {
      db.close();
    }
  } else {
    // The database named by the restored config.json (or CLIPPER_DATABASE_URL): it must be empty.
    const url = loadConfig({ dataDir }, env).database.url;
    if (!url) throw new OpsError('this backup is of a PostgreSQL deployment: set database.url in the restored config.json or CLIPPER_DATABASE_URL to an empty database');
    released = await restorePostgres(from, url, manifest.database_dump ?? 'pg_dump');
  }
  writeFileSync(join(dataDir, 'restored-from.json'), JSON.stringify({ backup: from, backup_created_at: manifest.created_at, restored_at: Date.now() }, null, 2) + '\n');
  return { manifest, released, objects };
}

/** Running tasks and deliveries in flight at the backup belong to no process here: pending again, due now. */
async function releaseLeases(sql: Sql): Promise<number> {
  const now = Date.now();
  return await sql.transaction(async () => {
    const tasks = await sql.run("UPDATE tasks SET status = 'pending', lease_owner = NULL, lease_expires_at = NULL, updated_at = ? WHERE status = 'running'", now);
    const deliveries = await sql.run("UPDATE webhook_deliveries SET status = 'pending', lease_owner = NULL, lease_until = NULL WHERE status = 'delivering'");
    return tasks + deliveries;
  });
}

async function restorePostgres(from: string, url: string, kind: 'pg_dump' | 'sql'): Promise<number> {
  const { PgSql } = await import('../store/postgres/pg-sql.js');
  const sql = PgSql.connect(url, 2);
  try {
    const tables = Number(await sql.value("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'"));
    if (tables) throw new OpsError('the database of database.url is not empty: restore into a new, empty database');
    await restorePostgresDump(from, url, kind);
    return await releaseLeases(sql);
  } finally {
    await sql.close();
  }
}
