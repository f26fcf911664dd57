import { startDaemon } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import type { DaemonOptions } from './options.js';
import { removeInfo, writeInfo } from './pid-file.js';

/** Runs the daemon in the foreground until SIGINT or SIGTERM. */
export async function run(opts: DaemonOptions, ctx: CliContext, signal?: AbortSignal): Promise<void> {
  const daemon = await startDaemon({ config: { dataDir: opts.dataDir, port: opts.port, host: opts.host } });
  writeInfo(opts.dataDir, { pid: process.pid, port: daemon.port, host: opts.host, url: daemon.url, started_at: Date.now() });
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
}
