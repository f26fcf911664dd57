import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { daemonInstance } from '../util/daemon-instance.js';

/** `CLIPPER_STATE_DIR`, else `$XDG_STATE_HOME/clipper`, else `~/.local/state/clipper`. */
export function cliStateDir(env: NodeJS.ProcessEnv): string {
  if (env.CLIPPER_STATE_DIR) return resolve(env.CLIPPER_STATE_DIR);
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'clipper');
}

/** One local daemon this user started (`daemon start` / `daemon run`). */
export interface RunningDaemon {
  data_dir: string;
  url: string;
  pid: number;
  started_at: number;
  /** Its data dir's identity with its pid (daemon-instance.ts), so a replaced data dir is not it. */
  instance?: string;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The local daemons this user runs, newest first (`$CLIPPER_STATE_DIR/daemons.json`). Issue 13,
 * item 3: after `clipper daemon start --data-dir ~/clipper-data --port 7788`, a plain
 * `clipper ping` must reach that daemon as its owner, though neither the data dir nor the port is
 * the default: with no credentials, no profile and no CLIPPER_DATA_DIR, the CLI uses the newest
 * daemon here that still runs. A daemon records itself once it listens and removes itself when it
 * stops; entries whose process is gone are skipped (and dropped at the next write).
 */
export class RunningDaemons {
  readonly file: string;
  constructor(env: NodeJS.ProcessEnv) {
    this.file = join(cliStateDir(env), 'daemons.json');
  }

  private read(): RunningDaemon[] {
    try {
      const list = JSON.parse(readFileSync(this.file, 'utf8')) as RunningDaemon[];
      return Array.isArray(list) ? list.filter((d) => d && typeof d.data_dir === 'string' && typeof d.pid === 'number' && typeof d.url === 'string') : [];
    } catch {
      return [];
    }
  }

  private write(list: RunningDaemon[]): void {
    mkdirSync(join(this.file, '..'), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(list, null, 2) + '\n', { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  /** Those still running and serving the data dir they name (not one put in its place since), newest first. */
  list(): RunningDaemon[] {
    return this.read()
      .filter((d) => isAlive(d.pid) && (d.instance === undefined || d.instance === daemonInstance(d.data_dir, d.pid)))
      .sort((a, b) => b.started_at - a.started_at);
  }

  /** The running daemon of a data dir, or the one serving a URL. */
  find(q: { dataDir?: string; url?: string }): RunningDaemon | undefined {
    return this.list().find((d) => (q.dataDir !== undefined && d.data_dir === resolve(q.dataDir)) || (q.url !== undefined && sameUrl(d.url, q.url)));
  }

  add(entry: RunningDaemon): void {
    this.write([entry, ...this.list().filter((d) => d.data_dir !== entry.data_dir && d.pid !== entry.pid)]);
  }

  remove(pid: number): void {
    this.write(this.list().filter((d) => d.pid !== pid));
  }
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '').replace('//localhost:', '//127.0.0.1:') === b.replace(/\/+$/, '').replace('//localhost:', '//127.0.0.1:');
