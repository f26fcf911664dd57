import { startDaemon } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import type { DaemonOptions } from './options.js';
import { removeInfo, writeInfo } from './pid-file.js';
import { RunningDaemons } from '../running-daemons.js';

/** Runs the daemon in the foreground until SIGINT or SIGTERM. */
export async function run(opts: DaemonOptions, ctx: CliContext, signal?: AbortSignal): Promise<void> {
  const daemon = await startDaemon({ config: { dataDir: opts.dataDir, port: opts.port, host: opts.host } });
  const startedAt = Date.now();
  writeInfo(opts.dataDir, { pid: process.pid, port: daemon.port, host: opts.host, url: daemon.url, started_at: startedAt });
  // Issue 13, item 3: so that a plain `clipper ping` of this user finds this daemon.
  const running = new RunningDaemons(ctx.env);
  const record = () => running.add({ data_dir: opts.dataDir, url: daemon.url, pid: process.pid, started_at: startedAt });
  try {
    record();
  } catch (e) {
    ctx.out.info(`warning: could not record the daemon in ${running.file} (${(e as Error).message}); use --data-dir or CLIPPER_DATA_DIR with other commands`);
  }
  ctx.out.info(`clipper daemon listening on ${daemon.url} (data dir ${opts.dataDir})`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
  ctx.out.info('clipper daemon stopping');
  await daemon.close();
  removeInfo(opts.dataDir);
  try {
    running.remove(process.pid);
  } catch {
    /* a stale entry is skipped anyway: its process is gone */
  }
}
