import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir, DEFAULT_HOST, DEFAULT_PORT } from './local-daemon.js';
import { CliError, EXIT } from './exit-codes.js';
import { profileNamed, readProfileFile } from './profile-file.js';
import { RunningDaemons } from './running-daemons.js';

export interface GlobalOptions {
  json?: boolean | string;
  /** `--jq EXPR`: a jq program run over the JSON answer. */
  jq?: string;
  profile?: string;
  baseUrl?: string;
  apiKey?: string;
  token?: string;
  input?: boolean; // false with --no-input
  color?: boolean; // false with --no-color
}

export interface Resolved {
  baseUrl: string;
  apiKey?: string;
  token?: string;
  /** Where the answer came from, for `doctor` and error hints. */
  source: 'flags' | 'env' | 'profile' | 'local-daemon';
  /** Set when credentials come from the local daemon's data dir. */
  dataDir?: string;
}

/** The local daemon's address as its data dir records it (daemon.json), else the default. */
export function localDaemonUrl(dataDir: string): string {
  const file = join(dataDir, 'daemon.json');
  try {
    if (existsSync(file)) {
      const info = JSON.parse(readFileSync(file, 'utf8')) as { host?: string; port?: number };
      return `http://${info.host ?? DEFAULT_HOST}:${info.port ?? DEFAULT_PORT}`;
    }
  } catch {
    /* fall through to the default */
  }
  return `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;
}

/**
 * The local daemon's data dir when the CLI acts as its owner: `--data-dir` of the command (doctor),
 * CLIPPER_DATA_DIR, else (issue 13, item 3) the running daemon this user started that serves the
 * base URL, or the newest one running, else the default data folder.
 */
export function localDataDir(env: NodeJS.ProcessEnv, o: { dataDir?: string; baseUrl?: string } = {}): string {
  if (o.dataDir) return o.dataDir;
  if (env.CLIPPER_DATA_DIR) return defaultDataDir(env);
  const running = new RunningDaemons(env);
  const found = o.baseUrl ? running.find({ url: o.baseUrl }) : running.list()[0];
  return found?.data_dir ?? defaultDataDir(env);
}

/**
 * Precedence (DESIGN.md and issue 7): flags, then environment (CLIPPER_BASE_URL,
 * CLIPPER_API_KEY, CLIPPER_TOKEN, CLIPPER_PROFILE), then the saved profile, then the local
 * daemon (see localDataDir), whose owner token is minted from its data dir by the caller.
 */
export function resolveTarget(g: GlobalOptions, env: NodeJS.ProcessEnv, local: { dataDir?: string } = {}): Resolved {
  const flagCred = g.apiKey || g.token;
  const envCred = env.CLIPPER_API_KEY || env.CLIPPER_TOKEN;
  const profileName = g.profile ?? env.CLIPPER_PROFILE;
  const saved = readProfileFile(env);
  const profile = profileName ? profileNamed(saved, profileName) : saved.current ? profileNamed(saved, saved.current) : undefined;
  if (profileName && !profile) throw new CliError(EXIT.NOT_FOUND, `no saved profile named "${profileName}"`, undefined, 'PROFILE_NOT_FOUND');

  const baseUrl = g.baseUrl ?? env.CLIPPER_BASE_URL ?? profile?.base_url;
  const pick = (source: Resolved['source'], apiKey?: string, token?: string): Resolved => ({
    baseUrl: baseUrl ?? localDaemonUrl(localDataDir(env, local)),
    apiKey: apiKey || undefined,
    token: token || undefined,
    source,
  });
  if (flagCred) return pick('flags', g.apiKey, g.token);
  if (envCred) return pick('env', env.CLIPPER_API_KEY, env.CLIPPER_TOKEN);
  if (profile) return pick('profile', profile.api_key, profile.token);
  const dataDir = localDataDir(env, { ...local, baseUrl });
  return { ...pick('local-daemon'), baseUrl: baseUrl ?? localDaemonUrl(dataDir), dataDir };
}
