import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { openDb } from '../../daemon/store/db.js';
import { TeamRepo } from '../../daemon/store/teams.js';

/**
 * With no credentials configured, the CLI acts as the owner of the local daemon: it can read
 * the data dir, so it mints a token for the root team (DESIGN.md: whoever can read it owns it).
 * Its own module because it opens SQLite and loads jose: CliContext imports it only when needed.
 */
export async function localOwnerToken(dataDir: string): Promise<string | undefined> {
  if (!existsSync(join(dataDir, 'identity', 'es256-private.pem')) || !existsSync(join(dataDir, 'clipper.db'))) return undefined;
  const db = openDb(join(dataDir, 'clipper.db'));
  try {
    const team = new TeamRepo(db).first();
    return team ? await mintIdToken(dataDir, team.id) : undefined;
  } finally {
    db.close();
  }
}
