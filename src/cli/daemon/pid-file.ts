import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exchange } from '../../client/transport.js';
import { daemonInstance, INSTANCE_HEADER } from '../../util/daemon-instance.js';
import { isAlive } from '../running-daemons.js';

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

export { isAlive };

/**
 * Whether the daemon `info` records really serves `dataDir`: its process lives, and the daemon
 * answering at its URL names this data dir and that pid (/healthz's Clipper-Instance header). A
 * daemon.json copied from another data dir (a backup of an older release, a copy of the folder)
 * names a daemon that answers for its own data dir, not this one. `undefined`: it did not answer.
 */
export async function servesDataDir(info: DaemonInfo, dataDir: string, timeoutMs = 3000): Promise<boolean | undefined> {
  if (!isAlive(info.pid)) return false;
  try {
    const res = await exchange(new URL(`${info.url}/healthz`), { method: 'GET', headers: {}, idleTimeoutMs: timeoutMs });
    if (res.status < 200 || res.status >= 300) return false;
    const expected = daemonInstance(dataDir, info.pid);
    return expected !== undefined && res.headers[INSTANCE_HEADER] === expected;
  } catch (e) {
    // Nothing listens there (the pid is another process's now): not this data dir's daemon.
    return (e as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? false : undefined;
  }
}
