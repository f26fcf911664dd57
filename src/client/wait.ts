import { STATUS_CHECK_INTERVAL_MS } from '../api/limits.js';
import { ClientError } from './errors.js';

/**
 * The one poller behind the CLI's `--wait` and the SDK's waitFor helpers (issue 7, issue 18).
 * Spec "Status-check limits": at most 6 checks a minute of the same job, render or post, so
 * checks of one id are at least 10 s apart by default (the first one immediately); a 429 is
 * waited out for its Retry-After (at least the interval) before the next check.
 */
export interface PollSpec<T> {
  /** One status check (one GET of the resource). */
  check: () => Promise<T>;
  status: (resource: T) => string;
  /** States that end the wait successfully. */
  done: readonly string[];
  /** States that end the wait as a failure (error / failed). */
  failed: readonly string[];
}

export interface PollOptions<T = unknown> {
  /** Give up after this long (WaitTimeoutError); no limit when undefined. */
  timeoutMs?: number;
  /** Time between two checks of the id; 10 s keeps within 6 a minute. */
  intervalMs?: number;
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** After each check that did not end the wait. */
  onUpdate?: (resource: T, nextCheckMs: number) => void;
  /** After a 429, with the pause before the next check. */
  onRateLimited?: (pauseMs: number) => void;
}

/** Spec "Status-check limits": 6 a minute of one id. */
export const DEFAULT_INTERVAL_MS = STATUS_CHECK_INTERVAL_MS;

export class WaitTimeoutError extends Error {
  constructor(readonly timeoutMs: number, readonly lastStatus: string | undefined, what = 'it') {
    super(`gave up waiting for ${what} after ${Math.round(timeoutMs / 1000)}s${lastStatus ? ` (still ${lastStatus})` : ''}`);
    this.name = 'WaitTimeoutError';
  }
}

const abortable = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => (signal?.removeEventListener('abort', stop), resolve()), ms);
    const stop = () => (clearTimeout(t), reject(signal!.reason));
    signal?.addEventListener('abort', stop, { once: true });
  });

/** Polls until the resource reaches a state in `done` or `failed`; says which. */
export async function pollUntil<T>(spec: PollSpec<T>, opts: PollOptions<T> = {}): Promise<{ resource: T; failed: boolean }> {
  const sleep = opts.sleep ?? ((ms: number) => abortable(ms, opts.signal));
  const now = opts.now ?? Date.now;
  const interval = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
  const deadline = opts.timeoutMs === undefined ? Infinity : now() + opts.timeoutMs;
  let last: string | undefined;
  for (;;) {
    opts.signal?.throwIfAborted();
    let pause = interval;
    try {
      const resource = await spec.check();
      last = spec.status(resource);
      if (spec.done.includes(last)) return { resource, failed: false };
      if (spec.failed.includes(last)) return { resource, failed: true };
      opts.onUpdate?.(resource, interval);
    } catch (e) {
      if (!(e instanceof ClientError) || e.status !== 429) throw e;
      pause = Math.max(interval, (e.retryAfterSeconds ?? 1) * 1000);
      opts.onRateLimited?.(pause);
    }
    if (now() + pause > deadline) {
      await sleep(Math.max(0, deadline - now()));
      throw new WaitTimeoutError(opts.timeoutMs!, last);
    }
    await sleep(pause);
  }
}
