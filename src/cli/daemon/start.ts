import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import type { DaemonOptions } from './options.js';
import { isAlive, readInfo, servesDataDir } from './pid-file.js';
import { selfCommand } from './self.js';
import { statusOf } from './status.js';

/** Starts the daemon in the background and returns once its health check answers. */
export async function run(opts: DaemonOptions, ctx: CliContext): Promise<void> {
  const current = await statusOf(opts.dataDir);
  if (current.running) {
    ctx.out.info(`clipper daemon already running (pid ${current.pid}, port ${current.port})`);
    ctx.out.data(current, () => ctx.out.line(`running on port ${current.port}`));
    return;
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const logFile = join(opts.dataDir, 'daemon.log');
  const log = openSync(logFile, 'a');
  const self = selfCommand();
  const child = spawn(self.command, [...self.args, 'daemon', 'run', '--data-dir', opts.dataDir, '--port', String(opts.port), '--host', opts.host], {
    detached: true,
    stdio: ['ignore', log, log],
    env: ctx.env,
  });
  child.unref();
  const pid = child.pid!;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const info = readInfo(opts.dataDir);
    if (info?.pid === pid && (await servesDataDir(info, opts.dataDir))) {
      const status = { running: true, pid, port: info.port, data_dir: opts.dataDir };
      ctx.out.info(`clipper daemon started on ${info.url} (pid ${pid}, log ${logFile})`);
      ctx.out.data(status, () => ctx.out.line(info.url));
      return;
    }
    if (!isAlive(pid)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).map(readable).join('\n');
  throw new CliError(EXIT.ERROR, `the daemon did not come up (pid ${pid}); last lines of ${logFile}:\n${tail}`, startHint(tail));
}

/** A JSON record of the log as the words it says (log.format json), any other line as it is. */
function readable(line: string): string {
  try {
    const record = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return typeof record.msg === 'string' ? `${String(record.level)}: ${record.msg}` : line;
  } catch {
    return line;
  }
}

/** What to do next, by what the log says stopped the daemon (the port only when nothing else did). */
function startHint(tail: string): string {
  if (/config\.json/.test(tail)) return 'Fix DATA_DIR/config.json as the log says (README, "Daemon settings", lists every key).';
  if (/object_store/.test(tail)) return 'Fix object_store in DATA_DIR/config.json (bucket, endpoint, region) or the credentials in the environment, as the log says.';
  return 'Is the port already in use? Try --port.';
}
