// The CLI's side of the local daemon: every command that needs the daemon's own code (its
// defaults, the data dir, `daemon run`, the media tools and models) takes it from here, and this
// module takes it only from daemon/local.ts (issue 12: "the CLI reaches daemon internals only
// through daemon/local.ts"). Like that module it loads nothing heavy when imported: `--help`
// imports it for the defaults in help texts; SQLite, jose and the pipeline load when a command
// calls for them.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultDataDir, loadDataDirTools, type AdminDatabase } from '../../daemon/local.js';

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
  startFailureRecord,
  wordVectorStatus,
  startDaemon,
  useNativeBinding,
  type MediaToolName,
} from '../../daemon/local.js';

/**
 * Opens a local data dir (preparing it if new) and the database its daemon uses (the SQLite file,
 * or PostgreSQL when database.url is set: issue 27, item 4) for commands that work on it directly
 * (`auth token`, `admin teams`), runs `fn` and closes the database again.
 */
export async function withDataDir<T>(dir: string | undefined, env: NodeJS.ProcessEnv, fn: (d: AdminDatabase) => T | Promise<T>): Promise<T> {
  const dataDir = resolve(dir ?? defaultDataDir(env));
  const { openAdminDatabase } = await loadDataDirTools();
  const database = await openAdminDatabase(dataDir, env);
  try {
    // Awaited here, so the database stays open until fn's last statement.
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Mints a bearer ID token for a team of the data dir (DESIGN.md: valid for one hour). */
export async function mintLocalToken(dataDir: string, teamId: string, nowMs?: number): Promise<string> {
  return (await loadDataDirTools()).mintIdToken(dataDir, teamId, nowMs);
}

/**
 * With no credentials configured, the CLI acts as the owner of the local daemon: it can read
 * the data dir, so it mints a token for the root team (DESIGN.md: whoever can read it owns it) of
 * the database the daemon uses (with database.url, PostgreSQL's).
 * CliContext calls it only when a command asks for a client, so SQLite and jose load only then.
 */
export async function localOwnerToken(dataDir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (!existsSync(join(dataDir, 'identity', 'es256-private.pem'))) return undefined;
  const { ownerTeamId, mintIdToken } = await loadDataDirTools();
  const teamId = await ownerTeamId(dataDir, env);
  return teamId ? await mintIdToken(dataDir, teamId) : undefined;
}
