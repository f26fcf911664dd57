import type { Command } from 'commander';
import { resolve } from 'node:path';
import { DAEMON_ROLES, defaultDataDir, DEFAULT_HOST, DEFAULT_PORT, type DaemonRole } from '../local-daemon.js';
import { usageError } from '../exit-codes.js';

export interface DaemonOptions {
  dataDir: string;
  port: number;
  host: string;
  /** `daemon run --role` (issue 21): all (default), api or worker. */
  role: DaemonRole;
}



/** The flags every `daemon` verb shares (DESIGN.md, start-up). */
export function withDaemonFlags(cmd: Command, opts: { network: boolean }): Command {
  cmd.option('--data-dir <dir>', 'data folder (default: $CLIPPER_DATA_DIR or the user data folder)');
  if (opts.network) {
    cmd.option('--port <port>', `port to listen on (default ${DEFAULT_PORT})`).option('--host <host>', `address to listen on (default ${DEFAULT_HOST})`);
  }
  return cmd;
}

/** `--role`: which part of the daemon this process runs (only `daemon run` has the flag). */
export function withRoleFlag(cmd: Command): Command {
  return cmd.option('--role <role>', 'all: the whole daemon (default); api: serve /v1 only; worker: run jobs, renders, publishing and webhooks only (api and worker need database.url)');
}

export function parseDaemonOptions(raw: { dataDir?: string; port?: string; host?: string; role?: string }, env: NodeJS.ProcessEnv): DaemonOptions {
  const port = raw.port === undefined ? DEFAULT_PORT : Number(raw.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be a whole number from 0 to 65535, got ${raw.port}`);
  const role = (raw.role ?? 'all') as DaemonRole;
  if (!DAEMON_ROLES.includes(role)) throw usageError(`--role must be one of ${DAEMON_ROLES.join(', ')}, got ${raw.role}`);
  return { dataDir: resolve(raw.dataDir ?? defaultDataDir(env)), port, host: raw.host ?? DEFAULT_HOST, role };
}
