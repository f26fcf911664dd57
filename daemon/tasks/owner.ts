import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomToken } from '../../src/api/ids.js';

/**
 * Who holds a lease (issue 21, item 3: "workers claim jobs ... with leases and heartbeats").
 * Several processes, on one machine or many, share one queue, so a lease is taken back only when
 * it is known to be dead:
 *
 * - its lease ran out (no heartbeat for `tasks.lease_ms`): the rule that works across machines;
 * - or its process is gone on this very machine, which is what makes a restarted daemon resume at
 *   once after `kill -9` (README "Clip jobs": "a daemon killed mid-job resumes where it stopped")
 *   instead of waiting a lease out.
 *
 * An owner id is `<scope>.<pid>.<random>`. The scope names the set of processes that share one
 * table of process ids: on Linux the host name, the kernel's boot id and this process's pid
 * namespace (two containers on one host have different namespaces; a reboot gives a new boot id;
 * the host name keeps apart machines cloned from one running snapshot), the host name elsewhere.
 * A scope finer than the truth is safe: its owners are left to their leases. Only for owners of our own scope is `kill(pid, 0)` a true answer; an owner of another
 * scope is left to its lease. A recycled pid at worst makes a dead owner look alive: then the
 * lease decides, as on another machine. The random part tells two runs with the same pid apart.
 */
export interface LeaseOwner {
  readonly id: string;
  /** `<scope>.`: the prefix of every owner whose liveness this process can check. */
  readonly scopePrefix: string;
}

let scopeCache: string | undefined;

/** The pid scope of this process (see above), short and stable for its lifetime. */
export function pidScope(): string {
  if (scopeCache) return scopeCache;
  let basis: string;
  try {
    basis = `${hostname()}|${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}|${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    basis = `host|${hostname()}`;
  }
  return (scopeCache = createHash('sha256').update(basis).digest('base64url').slice(0, 12));
}

/** Owners of this process whose holder is running (a stopped runner's are not). */
const liveHere = new Set<string>();

/** A fresh owner id for this process (one per runner start, so a restart never inherits). */
export function newLeaseOwner(pid = process.pid): LeaseOwner {
  const scopePrefix = `${pidScope()}.`;
  return { id: `${scopePrefix}${pid}.${randomToken(8)}`, scopePrefix };
}

/** Marks an owner of this process as held by a running worker (true) or not any more (false). */
export function ownerLive(owner: LeaseOwner, live: boolean): void {
  if (live) liveHere.add(owner.id);
  else liveHere.delete(owner.id);
}

/** True when `owner` belongs to a process of our scope that no longer exists. */
export function ownerIsDead(owner: string, scopePrefix = `${pidScope()}.`): boolean {
  if (!owner.startsWith(scopePrefix)) return false;
  const pid = Number(owner.slice(scopePrefix.length).split('.')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid: an earlier process that had it is gone; a runner of ours counts while it runs.
  if (pid === process.pid) return !liveHere.has(owner);
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // EPERM: the process exists (another user's); only ESRCH means gone.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
