import type { Command } from 'commander';
import { resolve } from 'node:path';
import { defaultDataDir, DEFAULT_HOST, DEFAULT_PORT } from '../local-daemon.js';
import { usageError } from '../exit-codes.js';

export interface DaemonOptions {
  dataDir: string;
  port: number;
  host: string;
}

/** The flags every `daemon` verb shares (DESIGN.md, start-up). */
export function withDaemonFlags(cmd: Command, opts: { network: boolean }): Command {
  cmd.option('--data-dir <dir>', 'data folder (default: $CLIPPER_DATA_DIR or the user data folder)');
  if (opts.network) {
    cmd.option('--port <port>', `port to listen on (default ${DEFAULT_PORT})`).option('--host <host>', `address to listen on (default ${DEFAULT_HOST})`);
  }
  return cmd;
}

export function parseDaemonOptions(raw: { dataDir?: string; port?: string; host?: string }, env: NodeJS.ProcessEnv): DaemonOptions {
  const port = raw.port === undefined ? DEFAULT_PORT : Number(raw.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be a whole number from 0 to 65535, got ${raw.port}`);
  return { dataDir: resolve(raw.dataDir ?? defaultDataDir(env)), port, host: raw.host ?? DEFAULT_HOST };
}
