import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exchange } from '../../client/transport.js';

/** What a running daemon records in its data dir (read by `daemon status|stop` and the CLI). */
export interface DaemonInfo {
  pid: number;
  port: number;
  host: string;
  url: string;
  started_at: number;
}

export const infoPath = (dataDir: string) => join(dataDir, 'daemon.json');

export function writeInfo(dataDir: string, info: DaemonInfo): void {
  writeFileSync(infoPath(dataDir), JSON.stringify(info, null, 2) + '\n', { mode: 0o600 });
}

export function readInfo(dataDir: string): DaemonInfo | undefined {
  try {
    return existsSync(infoPath(dataDir)) ? (JSON.parse(readFileSync(infoPath(dataDir), 'utf8')) as DaemonInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file only if it still describes this process (a newer daemon may own it). */
export function removeInfo(dataDir: string, pid = process.pid): void {
  if (readInfo(dataDir)?.pid === pid) rmSync(infoPath(dataDir), { force: true });
}

export { isAlive } from '../running-daemons.js';

/** The daemon answers its health check (Node's http, not fetch: see src/client/transport.ts). */
export async function healthy(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const res = await exchange(new URL(`${url}/healthz`), { method: 'GET', headers: {}, idleTimeoutMs: timeoutMs });
    return res.status >= 200 && res.status < 300;
  } catch {
    return false;
  }
}
