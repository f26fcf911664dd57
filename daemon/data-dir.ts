import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Db } from './store/db.js';
import { SqliteSql } from './store/sqlite-sql.js';
import { TeamRepo, type Team } from './store/teams.js';
import { ensureSigningKey } from './identity/local-issuer.js';

/**
 * Prepares a data dir (idempotent): folders, the database with its migrations, the signing key
 * pair and, on first start, the one root team. Used by the daemon and by the commands that work
 * on the data dir directly (`auth token`, `admin teams create`).
 */
export async function initDataDir(dataDir: string, now = Date.now()): Promise<{ db: Db; rootTeam: Team }> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(join(dataDir, 'objects'), { recursive: true });
  const db = openDb(join(dataDir, 'clipper.db'));
  ensureSigningKey(dataDir);
  const rootTeam = await new TeamRepo(new SqliteSql(db)).ensureFirst('default', now);
  return { db, rootTeam };
}
