import { rmSync } from 'node:fs';
import type { CliContext } from '../context.js';
import { infoPath, isAlive, readInfo } from './pid-file.js';

/** Stops the background daemon (SIGTERM, then SIGKILL after 15 s). Stopping a stopped daemon is fine. */
export async function run(opts: { dataDir: string }, ctx: CliContext): Promise<void> {
  const info = readInfo(opts.dataDir);
  if (!info || !isAlive(info.pid)) {
    rmSync(infoPath(opts.dataDir), { force: true });
    ctx.out.info('clipper daemon is not running');
    ctx.out.data({ running: false, stopped: false, data_dir: opts.dataDir }, () => {});
    return;
  }
  process.kill(info.pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (isAlive(info.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(info.pid)) process.kill(info.pid, 'SIGKILL');
  rmSync(infoPath(opts.dataDir), { force: true });
  ctx.out.info(`clipper daemon stopped (pid ${info.pid})`);
  ctx.out.data({ running: false, stopped: true, pid: info.pid, data_dir: opts.dataDir }, () => {});
}
