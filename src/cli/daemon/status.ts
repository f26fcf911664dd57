import type { CliContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readInfo, servesDataDir } from './pid-file.js';

export interface DaemonStatus {
  running: boolean;
  pid: number | null;
  port: number | null;
  data_dir: string;
}

/** Running only if the recorded daemon really serves this data dir (pid-file.ts servesDataDir). */
export async function statusOf(dataDir: string): Promise<DaemonStatus> {
  const info = readInfo(dataDir);
  if (info && (await servesDataDir(info, dataDir))) return { running: true, pid: info.pid, port: info.port, data_dir: dataDir };
  return { running: false, pid: null, port: null, data_dir: dataDir };
}

/**
 * `daemon status [--json]`: {"running","pid","port","data_dir"} (DESIGN.md). Issue 13, item 5:
 * exit code 3 when it is not running (as `pg_ctl status`), so `daemon status || daemon start` works.
 */
export async function run(opts: { dataDir: string }, ctx: CliContext): Promise<void> {
  const s = await statusOf(opts.dataDir);
  ctx.out.data(s, () => ctx.out.line(s.running ? `running (pid ${s.pid}, port ${s.port}, data dir ${s.data_dir})` : `not running (data dir ${s.data_dir})`));
  if (!s.running) ctx.exitCode = EXIT.NOT_FOUND;
}
