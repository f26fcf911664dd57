import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';

/**
 * Which daemon serves which data dir, told apart from a copy: a digest of the data dir's device
 * and inode (a restored or copied data dir is another directory, whatever its files say) and the
 * pid of the process serving it. The daemon sends it with /healthz (header below); `daemon
 * status|stop` and the record of running daemons compare it with the data dir they are given,
 * so a daemon.json copied from elsewhere never leads them to another data dir's daemon.
 */
export const INSTANCE_HEADER = 'clipper-instance';

/** The digest for `dataDir` served by `pid`; undefined when the data dir cannot be read. */
export function daemonInstance(dataDir: string, pid: number): string | undefined {
  try {
    const st = statSync(dataDir);
    return createHash('sha256').update(`clipper-daemon:${st.dev}:${st.ino}:${pid}`).digest('hex').slice(0, 32);
  } catch {
    return undefined;
  }
}
