import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { versionInfo } from '../../src/cli/version.js';
import { loadConfig } from '../config.js';
import { nativeBinding } from '../store/native-binding.js';
import { copyTree } from './copy-tree.js';
import { OpsError } from './ops-error.js';
import { backupPostgres, type PgDumpKind } from './postgres-backup.js';

export { OpsError };

/** What `admin backup` writes beside the copy: restore reads it first. */
export interface BackupManifest {
  format: 1;
  created_at: number;
  version: string;
  commit: string;
  migration: { sqlite: number; postgres: number };
  database: 'sqlite' | 'postgres';
  /** PostgreSQL: how its database was written (pg_dump's custom format, or SQL through the driver); absent means pg_dump. */
  database_dump?: PgDumpKind;
  object_store: 'disk' | 's3';
  files: number;
  bytes: number;
}

export const MANIFEST = 'clipper-backup.json';
export const SQLITE_FILE = 'clipper.db';

/**
 * Never copied: the database files (copied through the online backup API instead), work in
 * progress (tmp/, objects/tmp/: renders and previews are redone), downloaded speech models
 * (models/: `clipper models add` fetches them again; they are large), and the running daemon's
 * runtime state: its record (daemon.json: pid, port) and its log. A backup holds data only, so a
 * restored data dir has no running daemon's record; restore skips them in older backups too.
 */
const RUNTIME_FILES = new Set(['daemon.json', 'daemon.log']);
export const NOT_COPIED = (rel: string) =>
  /^clipper\.db(-wal|-shm|-journal)?$/.test(rel) || rel === 'tmp' || rel === 'objects/tmp' || rel === 'models' || RUNTIME_FILES.has(rel);

/**
 * `clipper admin backup --to DIR` (issue 31, item 3), safe while the daemon runs. The database
 * first, as one consistent snapshot: SQLite's online backup API (better-sqlite3 `db.backup()`,
 * which copies pages while the daemon keeps writing), or for PostgreSQL `pg_dump`, or SQL through
 * the driver where no pg_dump of the server's major is installed (postgres-backup.ts). Then the
 * data dir's files: objects, identity keys, config, published pages. An object is stored before any
 * row names it, so every object the snapshot names is there by the time the files are copied;
 * objects added after the snapshot are copied too and are harmless. S3 buckets are the operator's.
 */
export async function backupDataDir(dataDirIn: string, toIn: string, env: NodeJS.ProcessEnv = process.env): Promise<BackupManifest> {
  const dataDir = resolve(dataDirIn);
  const to = resolve(toIn);
  if (!existsSync(join(dataDir, SQLITE_FILE))) throw new OpsError(`${dataDir} is not a clipper data dir (no ${SQLITE_FILE})`);
  if (existsSync(to) && readdirSync(to).length) throw new OpsError(`${to} is not empty: back up into a new or empty folder`);
  const config = loadConfig({ dataDir }, env);
  mkdirSync(to, { recursive: true, mode: 0o700 });

  const database = config.database.url ? 'postgres' : 'sqlite';
  const dump = config.database.url ? await backupPostgres(config.database.url, to) : undefined;
  if (!config.database.url) await sqliteBackup(join(dataDir, SQLITE_FILE), join(to, SQLITE_FILE));

  const { files, bytes } = await copyTree(dataDir, to, NOT_COPIED);
  const v = versionInfo();
  const manifest: BackupManifest = {
    format: 1, created_at: Date.now(), version: v.version, commit: v.commit, migration: { ...v.migration },
    database, ...(dump ? { database_dump: dump } : {}), object_store: config.object_store.kind, files, bytes,
  };
  writeFileSync(join(to, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

async function sqliteBackup(file: string, dest: string): Promise<void> {
  const binding = nativeBinding();
  const db = new Database(file, { fileMustExist: true, ...(binding ? { nativeBinding: binding as unknown as string } : {}) });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(dest);
  } finally {
    db.close();
  }
}
