import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

interface SeaApi {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

/** The asset name under which scripts/build-sea.mjs ships better-sqlite3's addon. */
export const SQLITE_ASSET = 'better_sqlite3.node';

const requireHere = createRequire(import.meta.url);

/** node:sea when this process is the single executable, else undefined. */
export function seaApi(): SeaApi | undefined {
  try {
    const sea = requireHere('node:sea') as SeaApi;
    return sea.isSea() ? sea : undefined;
  } catch {
    return undefined; // Node without SEA support, or not built as one.
  }
}

/**
 * Where the single executable unpacks its files: CLIPPER_CACHE_DIR, else the user's cache
 * folder, else (not writable) a per-user folder under the temp dir.
 */
export function cacheDirs(env: NodeJS.ProcessEnv): string[] {
  const first = env.CLIPPER_CACHE_DIR ?? join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'clipper');
  return [first, join(tmpdir(), `clipper-${process.getuid?.() ?? 'user'}`)];
}

/**
 * Writes an asset to `<cache>/native/<content hash>/<name>` once (temp file, then rename, so a
 * concurrent start never loads half a file) and returns its path. The hash in the folder name
 * means a new build never loads an old addon.
 */
export function extractAsset(sea: SeaApi, name: string, env: NodeJS.ProcessEnv): string {
  const bytes = Buffer.from(sea.getAsset(name));
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  for (const base of cacheDirs(env)) {
    const dir = join(base, 'native', hash);
    const file = join(dir, name);
    try {
      if (existsSync(file)) return file;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, bytes, { mode: 0o700 });
      renameSync(temp, file);
      return file;
    } catch {
      continue; // Cache folder not writable: try the next place.
    }
  }
  throw new Error(`cannot write ${name} to a cache folder; set CLIPPER_CACHE_DIR to a writable folder`);
}

/**
 * In the single executable, loads better-sqlite3's addon from its asset and returns the module
 * (for `new Database(file, { nativeBinding })`); undefined when running from node_modules.
 */
export function loadSeaSqliteBinding(env: NodeJS.ProcessEnv = process.env): object | undefined {
  const sea = seaApi();
  if (!sea) return undefined;
  return requireHere(extractAsset(sea, SQLITE_ASSET, env)) as object;
}
