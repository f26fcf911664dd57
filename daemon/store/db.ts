import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.js';
import { SQLITE } from './migrations/dialect.js';
import { nativeBinding } from './native-binding.js';

export { useNativeBinding } from './native-binding.js';

export type Db = Database.Database;

/**
 * Opens the SQLite database with the settings every connection needs (WAL so readers never
 * block the writer, a busy timeout so a CLI command and the daemon can share the file, foreign
 * keys on) and applies the numbered migrations that have not run yet, each in its own transaction.
 */
export function openDb(file: string): Db {
  const binding = nativeBinding();
  const db = new Database(file, binding ? { nativeBinding: binding as unknown as string } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT');
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const ordered = [...MIGRATIONS].sort((a, b) => a.version - b.version);
  for (const m of ordered) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql(SQLITE));
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    }).immediate();
  }
}
