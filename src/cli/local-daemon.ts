// The CLI's side of the local daemon: every command that needs the daemon's own code (its
// defaults, the data dir, `daemon run`, the media tools and models) takes it from here, and this
// module takes it only from daemon/local.ts (issue 12: "the CLI reaches daemon internals only
// through daemon/local.ts"). Like that module it loads nothing heavy when imported: `--help`
// imports it for the defaults in help texts; SQLite, jose and the pipeline load when a command
// calls for them.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultDataDir, loadDataDirTools, type Db, type Team, type TeamRepo } from '../../daemon/local.js';

export {
  DAEMON_ROLES,
  type DaemonRole,
  DEFAULT_HOST,
  DEFAULT_PORT,
  defaultDataDir,
  loadConfig,
  loadMediaTools,
  loadModelCatalogue,
  loadOpsTools,
  wordVectorStatus,
  startDaemon,
  useNativeBinding,
  type MediaToolName,
} from '../../daemon/local.js';

export interface OpenDataDir {
  db: Db;
  teams: TeamRepo;
  rootTeam: Team;
  dataDir: string;
}

/**
 * Opens a local data dir (preparing it if new) for commands that work on it directly
 * (`auth token`, `admin teams`), runs `fn` and closes the database again.
 */
export async function withDataDir<T>(dir: string | undefined, env: NodeJS.ProcessEnv, fn: (d: OpenDataDir) => T | Promise<T>): Promise<T> {
  const dataDir = resolve(dir ?? defaultDataDir(env));
  const { initDataDir, teamsIn } = await loadDataDirTools();
  const { db, rootTeam } = await initDataDir(dataDir);
  try {
    // Awaited here, so the database stays open until fn's last statement.
    return await fn({ db, teams: teamsIn(db), rootTeam, dataDir });
  } finally {
    db.close();
  }
}

/** Mints a bearer ID token for a team of the data dir (DESIGN.md: valid for one hour). */
export async function mintLocalToken(dataDir: string, teamId: string, nowMs?: number): Promise<string> {
  return (await loadDataDirTools()).mintIdToken(dataDir, teamId, nowMs);
}

/**
 * With no credentials configured, the CLI acts as the owner of the local daemon: it can read
 * the data dir, so it mints a token for the root team (DESIGN.md: whoever can read it owns it).
 * CliContext calls it only when a command asks for a client, so SQLite and jose load only then.
 */
export async function localOwnerToken(dataDir: string): Promise<string | undefined> {
  if (!existsSync(join(dataDir, 'identity', 'es256-private.pem')) || !existsSync(join(dataDir, 'clipper.db'))) return undefined;
  const { openDb, teamsIn, mintIdToken } = await loadDataDirTools();
  const db = openDb(join(dataDir, 'clipper.db'));
  try {
    const team = await teamsIn(db).first();
    return team ? await mintIdToken(dataDir, team.id) : undefined;
  } finally {
    db.close();
  }
}
