import { rmSync } from 'node:fs';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { infoPath, isAlive, readInfo, servesDataDir } from './pid-file.js';

/**
 * Stops the background daemon (SIGTERM, then SIGKILL after 15 s). Stopping a stopped daemon is
 * fine. Only a daemon that really serves this data dir is signalled (servesDataDir): a record
 * that names another data dir's daemon (a copied daemon.json) or a dead process is removed.
 */
export async function run(opts: { dataDir: string }, ctx: CliContext): Promise<void> {
  const info = readInfo(opts.dataDir);
  const serves = info ? await servesDataDir(info, opts.dataDir, 10_000) : false;
  if (serves === undefined) {
    throw new CliError(
      EXIT.ERROR,
      `the daemon recorded in ${infoPath(opts.dataDir)} (pid ${info!.pid}) does not answer at ${info!.url}, so it cannot be told whether it serves this data dir; nothing was stopped`,
      `Try again once it answers, or end the process yourself if it is this data dir's daemon (kill ${info!.pid}).`,
    );
  }
  if (!info || !serves) {
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
