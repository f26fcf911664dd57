// The CLI's one door into the daemon's code (issue 12: "the CLI reaches daemon internals only
// through daemon/local.ts"; src/cli/local-daemon.ts is the one CLI module that imports it). It
// holds what the commands that work on this machine need, and nothing else: the defaults shown in
// help texts, the data dir (DESIGN.md "Start-up and credentials": "whoever can read that folder
// can mint ID tokens for its teams"), `daemon run`, and what `doctor` and `models` report on.
//
// Start-up time (scripts/build.mjs, test/cli/startup.test.ts): `clipper --help` loads this module,
// so it imports defaults.ts alone. Everything else is imported by the function that needs it, when
// a command runs: SQLite and jose for the data dir, the pipeline for doctor, the whole daemon for
// `daemon run`.
type Daemon = typeof import('./daemon.js');

export { DAEMON_ROLES, DEFAULT_HOST, DEFAULT_PORT, defaultDataDir, type DaemonRole } from './defaults.js';
export type { DaemonConfig } from './config.js';

/** DATA_DIR/config.json parsed into its typed sections (throws ConfigError naming a bad key). */
export async function loadConfig(...args: Parameters<typeof import('./config.js').loadConfig>) {
  return (await import('./config.js')).loadConfig(...args);
}
export type { Team } from './store/teams.js';
export type { AdminDatabase } from './admin-database.js';
export type { MediaToolName } from './pipeline/ffmpeg/binaries.js';
export type { ModelInfo } from './pipeline/transcribe/models.js';
export type { CatalogueModel } from './pipeline/transcribe/model-catalogue.js';

/** `clipper daemon run`: the daemon in this process, until closed. */
export async function startDaemon(opts: Parameters<Daemon['startDaemon']>[0]): ReturnType<Daemon['startDaemon']> {
  return (await import('./daemon.js')).startDaemon(opts);
}

/**
 * `daemon run` that could not start: its reason as one line of the log (stderr) when the data
 * dir's settings ask for JSON lines; null when they do not, or cannot be read (the CLI says it).
 */
export async function startFailureRecord(config: { dataDir: string; port?: number; host?: string }, role: string, error: unknown): Promise<string | null> {
  const [{ loadConfig }, { formatLine }] = await Promise.all([import('./config.js'), import('./log.js')]);
  let format: string;
  try {
    format = loadConfig(config).log.format;
  } catch {
    return null;
  }
  if (format !== 'json') return null;
  return formatLine({ format, role }, 'error', `clipper daemon could not start: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The data dir itself, for the commands that work on it directly (`auth token`, `admin teams`)
 * and for the local owner token: preparing it, the teams of the database its daemon uses (SQLite,
 * or PostgreSQL with database.url: issue 27, item 4), and minting ID tokens with its ES256 key.
 * Loads SQLite (or pg) and jose.
 */
export async function loadDataDirTools() {
  const [{ openAdminDatabase, ownerTeamId }, { mintIdToken }] = await Promise.all([
    import('./admin-database.js'),
    import('./identity/local-issuer.js'),
  ]);
  return { openAdminDatabase, ownerTeamId, mintIdToken };
}

/** `clipper doctor`: where ffmpeg and ffprobe come from, and which speech engine jobs will use. */
export async function loadMediaTools() {
  const { assessEngines, describeTool } = await import('./pipeline/media/index.js');
  return { assessEngines, describeTool };
}

/** `clipper doctor`: the word vectors clip choice uses (null when their package is not installed). */
export async function wordVectorStatus(): Promise<{ words: number } | null> {
  const vectors = await (await import('./pipeline/language/word-vectors.js')).loadWordVectors();
  return vectors ? { words: vectors.size } : null;
}

/** `clipper models`: the models installed in `<dataDir>/models`, the catalogue, installing and removing. */
export async function loadModelCatalogue() {
  const [{ listModels, installedKind, ModelError }, { installModel, removeModel }, { catalogue, catalogueSize, fileUrl, kindOf, modelsOfKind, recommendedOf, ENGINE_OF_KIND }, { recommendedSet, setupHint }] = await Promise.all([
    import('./pipeline/transcribe/models.js'),
    import('./pipeline/transcribe/model-install.js'),
    import('./pipeline/transcribe/model-catalogue.js'),
    import('./pipeline/transcribe/model-setup.js'),
  ]);
  return { installModel, removeModel, listModels, installedKind, ModelError, catalogue, catalogueSize, fileUrl, kindOf, modelsOfKind, recommendedOf, ENGINE_OF_KIND, recommendedSet, setupHint };
}

/**
 * The single executable's SQLite addon (store/native-binding.ts): set once at start-up, before
 * any command opens SQLite, as a function called on the first open.
 */
export async function useNativeBinding(binding: () => object): Promise<void> {
  (await import('./store/native-binding.js')).useNativeBinding(binding);
}

/** `clipper admin backup|restore` (issue 31, item 3): loads SQLite and, for PostgreSQL, pg. */
export async function loadOpsTools() {
  const [{ backupDataDir, OpsError }, { restoreDataDir }] = await Promise.all([import('./ops/backup.js'), import('./ops/restore.js')]);
  return { backupDataDir, restoreDataDir, OpsError };
}
