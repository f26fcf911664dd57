import { startFailureRecord, startDaemon } from '../local-daemon.js';
import { EXIT } from '../exit-codes.js';
import type { CliContext } from '../context.js';
import type { DaemonOptions } from './options.js';
import { removeInfo, writeInfo } from './pid-file.js';
import { RunningDaemons } from '../running-daemons.js';
import { daemonInstance } from '../../util/daemon-instance.js';
import { logProcessEvents } from './process-log.js';
import { keepYoungGenerationSmall } from '../../util/young-generation.js';

/** Runs the daemon in the foreground until SIGINT or SIGTERM. */
export async function run(opts: DaemonOptions, ctx: CliContext, signal?: AbortSignal): Promise<void> {
  const config = { dataDir: opts.dataDir, port: opts.port, host: opts.host };
  // A daemon process keeps a small young generation.
  keepYoungGenerationSmall();
  let daemon: Awaited<ReturnType<typeof startDaemon>>;
  try {
    daemon = await startDaemon({ config, role: opts.role });
  } catch (e) {
    // With JSON logs, the reason is a record of the log too (daemon start shows the log's tail).
    const record = await startFailureRecord(config, opts.role, e);
    if (record === null) throw e;
    ctx.io.stderr.write(record);
    ctx.exitCode = EXIT.ERROR;
    return;
  }
  const startedAt = Date.now();
  // Its stderr is its log: these lines too are in log.format (JSON by default), whatever log.level.
  const say = daemon.announce;
  logProcessEvents(daemon);
  if (opts.role !== 'all') return await runPart(opts, say, daemon, signal);
  writeInfo(opts.dataDir, { pid: process.pid, port: daemon.port, host: opts.host, url: daemon.url, started_at: startedAt });
  // Issue 13, item 3: so that a plain `clipper ping` of this user finds this daemon.
  const running = new RunningDaemons(ctx.env);
  const record = () => running.add({ data_dir: opts.dataDir, url: daemon.url, pid: process.pid, started_at: startedAt, instance: daemonInstance(opts.dataDir, process.pid) });
  try {
    record();
  } catch (e) {
    say(`warning: could not record the daemon in ${running.file} (${(e as Error).message}); use --data-dir or CLIPPER_DATA_DIR with other commands`, {}, 'warn');
  }
  say(`clipper daemon listening on ${daemon.url} (data dir ${opts.dataDir})`, { url: daemon.url, data_dir: opts.dataDir });
  await stopped(signal);
  say('clipper daemon stopping');
  await daemon.close();
  removeInfo(opts.dataDir);
  try {
    running.remove(process.pid);
  } catch {
    /* a stale entry is skipped anyway: its process is gone */
  }
}

/** Until SIGINT, SIGTERM or `signal`. */
function stopped(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * An api or worker process (issue 21): several share one data dir and database, so none records
 * itself as the data dir's daemon (daemon.json, daemons.json); a supervisor (systemd, a container
 * platform) runs and stops them, and each says where it listens.
 */
async function runPart(opts: DaemonOptions, say: (msg: string) => void, daemon: Awaited<ReturnType<typeof startDaemon>>, signal?: AbortSignal): Promise<void> {
  // Its own address (a worker's answers /healthz only); links carry server.public_base_url.
  say(`clipper daemon (${opts.role}) listening on ${daemon.listenUrl} (data dir ${opts.dataDir}; links to ${daemon.url})`);
  await stopped(signal);
  say(`clipper daemon (${opts.role}) stopping`);
  await daemon.close();
}
