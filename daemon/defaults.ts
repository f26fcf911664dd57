import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

// The defaults the CLI shows in help texts (DESIGN.md "Start-up and credentials"): kept apart
// from config.ts so `clipper --help` loads these three and nothing of the settings parser.

export const DEFAULT_PORT = 7788;
export const DEFAULT_HOST = '127.0.0.1';

/**
 * `clipper daemon run --role` (issue 21, item 3; DESIGN.md "Second round"): `all` (the default)
 * is the one local process; `api` serves /v1 and only enqueues; `worker` runs the tasks and
 * background loops and serves /healthz alone.
 */
export const DAEMON_ROLES = ['all', 'api', 'worker'] as const;
export type DaemonRole = (typeof DAEMON_ROLES)[number];

/** `CLIPPER_DATA_DIR`, else `$XDG_DATA_HOME/clipper`, else `~/.local/share/clipper`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLIPPER_DATA_DIR) return resolve(env.CLIPPER_DATA_DIR);
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'clipper');
}
