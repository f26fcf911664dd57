import type { CliContext } from '../context.js';
import type { Spinner } from '../progress.js';
import { DEFAULT_INTERVAL_MS, waitFor } from '../wait.js';
import type { ClipJobView } from '../../api/clips.js';
import type { Post } from '../../api/posts.js';
import type { Render } from '../../api/renders.js';
import type { ClipperClient } from '../../client/client.js';

/** Thrown out of a wait when the watcher is stopping; what was done so far is saved. */
export class StopError extends Error {
  constructor() {
    super('stopping');
    this.name = 'StopError';
  }
}

/** A sleep that ends early with StopError when `signal` aborts. */
export function stoppableSleep(signal: AbortSignal): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new StopError());
      const onAbort = () => {
        clearTimeout(timer);
        reject(new StopError());
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
}

/**
 * The team-wide side of spec "Status-check limits" (30 status checks a minute per team, on top
 * of 6 a minute per id, which waitFor's 10 s interval keeps): every check the watcher makes, for
 * any job, render or post, takes a slot of a sliding minute first. The default leaves a few
 * slots for the person's other tools on the same team.
 */
export class StatusBudget {
  private taken: number[] = [];
  constructor(private perMinute: number, private sleep: (ms: number) => Promise<void>, private now: () => number = Date.now) {}

  async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.taken.length > 0 && now - this.taken[0] >= 60_000) this.taken.shift();
      if (this.taken.length < this.perMinute) {
        this.taken.push(now);
        return;
      }
      await this.sleep(60_000 - (now - this.taken[0]) + 1);
    }
  }
}

export const DEFAULT_STATUS_CHECKS_PER_MINUTE = 24;

const quiet: Spinner = { update() {}, info() {}, succeed() {}, fail() {}, stop() {} };

export interface FollowOptions {
  ctx: CliContext;
  client: ClipperClient;
  budget: StatusBudget;
  stop: AbortSignal;
  /** Between two checks of one id; default 10 s (6 a minute). */
  intervalMs?: number;
  /** Per job, render or post; a timed-out wait is retried by a later run. */
  timeoutMs?: number;
}

/**
 * Follows jobs, renders and posts to their end through the shared `--wait` poller
 * (src/cli/wait.ts: interval, 429 Retry-After, timeout). Every end state is returned, failed
 * ones included: the watcher reports them as events instead of exiting.
 */
export class Follower {
  constructor(private o: FollowOptions) {}

  private wait<T>(what: string, check: () => Promise<T>, status: (t: T) => string, ends: string[], progress?: (t: T) => number | undefined): Promise<T> {
    const { budget } = this.o;
    return waitFor(this.o.ctx, { what, check: () => budget.take().then(check), status, done: ends, failed: [], progress }, {
      intervalMs: this.o.intervalMs ?? DEFAULT_INTERVAL_MS,
      timeoutMs: this.o.timeoutMs,
      sleep: stoppableSleep(this.o.stop),
      spinner: quiet,
    });
  }

  job(jobId: string): Promise<ClipJobView> {
    return this.wait(`job ${jobId}`, () => this.o.client.clips.get(jobId), (j) => j.status, ['done', 'error'], (j) => j.progress);
  }

  render(renderId: string): Promise<Render> {
    return this.wait(`render ${renderId}`, () => this.o.client.renders.get(renderId), (r) => r.status, ['done', 'failed', 'error'], (r) => r.progress);
  }

  post(postId: string): Promise<Post> {
    return this.wait(`post ${postId}`, async () => (await this.o.client.posts.get(postId)).post, (p) => p.status, ['published', 'failed', 'cancelled']);
  }

  /** Posts of a clip: a status check too. */
  async posts(clipId: string): Promise<Post[]> {
    await this.o.budget.take();
    return (await this.o.client.posts.list(clipId)).posts;
  }
}
