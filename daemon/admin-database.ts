// Issue 27, item 4: "with database.url set, every admin and credential command works against the
// configured database". The commands that work on this machine directly (`admin teams create|list`,
// `auth token`, the CLI's local owner token) open the database the daemon of this data dir uses:
// PostgreSQL when config.json's database.url (or CLIPPER_DATABASE_URL) is set, else the data dir's
// SQLite file. The data dir itself is prepared either way: its signing key mints the tokens.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.js';
import { initDataDir } from './data-dir.js';
import { systemClock } from './clock.js';
import type { TeamRepository } from './store/repositories.js';
import type { Team } from './store/teams.js';
import { sqliteStore } from './store/index.js';
import { openDb } from './store/db.js';

/**
 * The data dir's settings for its database alone: these commands never touch the object store,
 * so its settings (and the S3 credentials they need) are not read.
 */
const databaseConfig = (dataDir: string, env: NodeJS.ProcessEnv) => loadConfig({ dataDir, settings: { object_store: { kind: 'disk' } } }, env);

export interface AdminDatabase {
  teams: TeamRepository;
  /** The first team (made as the daemon makes it, when the database has none). */
  rootTeam: Team;
  dataDir: string;
  /** For messages: "DIR/clipper.db" or "the PostgreSQL database NAME on HOST:PORT" (no password). */
  where: string;
  close(): Promise<void>;
}

export async function openAdminDatabase(dataDir: string, env: NodeJS.ProcessEnv, now = Date.now()): Promise<AdminDatabase> {
  const config = databaseConfig(dataDir, env);
  const local = await initDataDir(dataDir, now);
  if (!config.database.url) {
    const store = sqliteStore(local.db, systemClock);
    return { teams: store.teams, rootTeam: local.rootTeam, dataDir, where: join(dataDir, 'clipper.db'), close: () => store.close() };
  }
  local.db.close();
  const { postgresStore } = await import('./store/postgres/index.js');
  const store = await postgresStore(config.database.url, systemClock, { poolSize: 1 });
  try {
    // As the daemon does (app.ts openStore): the root team is made if the database has none.
    const rootTeam = await store.teams.ensureFirst('default', now);
    return { teams: store.teams, rootTeam, dataDir, where: describePostgres(config.database.url), close: () => store.close() };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** `postgres://user:secret@db.example:5432/clipper` -> "the PostgreSQL database clipper on db.example:5432". */
export function describePostgres(url: string): string {
  try {
    const u = new URL(url);
    return `the PostgreSQL database ${decodeURIComponent(u.pathname.slice(1)) || '(default)'} on ${u.host}`;
  } catch {
    return 'the PostgreSQL database of database.url';
  }
}

/**
 * The CLI's local owner credential (no key or token configured): the first team of the database
 * this data dir's daemon uses, or undefined when the data dir was never prepared or has no team.
 */
export async function ownerTeamId(dataDir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const config = databaseConfig(dataDir, env);
  if (!config.database.url) {
    if (!existsSync(join(dataDir, 'clipper.db'))) return undefined;
    const store = sqliteStore(openDb(join(dataDir, 'clipper.db')), systemClock);
    try {
      return (await store.teams.first())?.id;
    } finally {
      await store.close();
    }
  }
  const { postgresStore } = await import('./store/postgres/index.js');
  const store = await postgresStore(config.database.url, systemClock, { poolSize: 1 });
  try {
    return (await store.teams.first())?.id;
  } finally {
    await store.close();
  }
}
