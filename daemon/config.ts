import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ExternalIssuer } from './identity/token-verifier.js';

/**
 * Daemon configuration: flags and environment, plus an optional `config.json` in the data dir
 * for what does not fit on a command line (external issuers, allowances, engines).
 */
export interface DaemonConfig {
  dataDir: string;
  host: string;
  port: number;
  /** Public base URL used in links the daemon hands out (object URLs, editor_url). */
  publicBaseUrl?: string;
  externalIssuers: ExternalIssuer[];
  /** Largest JSON body accepted on /v1 routes. */
  maxJsonBodyBytes: number;
  /** Requests per minute per root team (spec "Limits", request rate). */
  rateLimitPerMinute: number;
  /** Whether the deployment is the local daemon (loopback webhooks and links allowed). */
  local: boolean;
  /** Free-form settings other parts read (engines, models, allowances). */
  extra: Record<string, unknown>;
}

export const DEFAULT_PORT = 7788;
export const DEFAULT_HOST = '127.0.0.1';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLIPPER_DATA_DIR) return resolve(env.CLIPPER_DATA_DIR);
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'clipper');
}

export function loadConfig(opts: { dataDir?: string; host?: string; port?: number } = {}, env = process.env): DaemonConfig {
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(env));
  const file = join(dataDir, 'config.json');
  const fromFile = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  return {
    dataDir,
    host: opts.host ?? (fromFile.host as string) ?? DEFAULT_HOST,
    port: opts.port ?? (fromFile.port as number) ?? DEFAULT_PORT,
    publicBaseUrl: fromFile.public_base_url as string | undefined,
    externalIssuers: (fromFile.external_issuers as ExternalIssuer[]) ?? [],
    maxJsonBodyBytes: (fromFile.max_json_body_bytes as number) ?? 1024 * 1024,
    rateLimitPerMinute: (fromFile.rate_limit_per_minute as number) ?? 60,
    local: (fromFile.local as boolean) ?? true,
    extra: fromFile,
  };
}
