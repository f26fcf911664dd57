import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Resolved } from '../credentials.js';
import { readInfo } from '../daemon/pid-file.js';
import { isAlive, RunningDaemons } from '../running-daemons.js';

/**
 * Why the local daemon refused the owner credential the CLI minted from a data dir (issue 13,
 * item 3: "doctor's diagnosis must match the real cause"). The usual cause is that the daemon
 * answering at the base URL belongs to another data dir, whose key signed no token of ours;
 * starting "this" daemon again would only fail on the port in use.
 */
export function localCredentialCause(target: Resolved, env: NodeJS.ProcessEnv): { detail: string; fix: string } {
  const dir = target.dataDir!;
  const started = existsSync(join(dir, 'identity', 'es256-private.pem'));
  const info = readInfo(dir);
  const running = !!info && isAlive(info.pid);
  const there = new RunningDaemons(env).find({ url: target.baseUrl });
  if (!running || (info && info.url !== target.baseUrl)) {
    const who = there && there.data_dir !== dir ? `the daemon of the data dir ${there.data_dir}` : 'a daemon of another data dir';
    const own = running ? `this data dir's daemon runs at ${info!.url}` : started ? `no daemon of the data dir ${dir} is running` : `the data dir ${dir} has never been started`;
    const useThere = there && there.data_dir !== dir ? `Use that daemon's data dir (\`--data-dir ${there.data_dir}\` or CLIPPER_DATA_DIR=${there.data_dir}), or ` : '';
    const startOwn = running ? `point the CLI at ${info!.url} (--base-url)` : `start this one on a free port: \`clipper daemon start --data-dir ${dir} --port 0\``;
    return { detail: `${target.baseUrl} is ${who}, and ${own}`, fix: `${useThere}${startOwn}.` };
  }
  return {
    detail: `the daemon of ${dir} at ${target.baseUrl} refused a token minted from its own key`,
    fix: 'Its root team may have been removed, or the key replaced while it ran: restart it (`clipper daemon stop` then `clipper daemon start` with the same --data-dir).',
  };
}
