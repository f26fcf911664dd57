import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { stateDirFrom } from '../../client/upload-state.js';
import { JobHistory } from '../clips/history.js';
import type { CliContext } from '../context.js';
import { EXIT, usageError } from '../exit-codes.js';
import { WatchReporter } from './events.js';
import { Follower, StatusBudget, stoppableSleep } from './follow.js';
import type { WatchOptions } from './options.js';
import { FilePipeline } from './pipeline.js';
import { WatchSession } from './session.js';
import { WatchState } from './state.js';

export interface StopSignals {
  /** Stop gracefully (first Ctrl-C / SIGTERM): nothing new starts, uploads end at a part boundary. */
  signal?: AbortSignal;
  /** Stop now (second Ctrl-C): uploads end mid-part; sent parts are still kept for the next start. */
  hard?: AbortSignal;
}

/**
 * `clipper watch DIR` (issue 7 item 5): sends every video that arrives in DIR once, ever, and
 * follows each to its clips (and renders and posts when asked). Returns when stopped, or in
 * --once when idle; a --once run exits 7 when a job, render or post failed, 1 when a step
 * failed that a later run will retry.
 */
export async function runWatch(o: WatchOptions, ctx: CliContext, stops: StopSignals = {}): Promise<void> {
  const dir = resolve(o.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw usageError(`${o.dir} is not a folder`);
  const client = await ctx.client();
  const state = WatchState.open(stateDirFrom(ctx.env), dir, client.baseUrl);
  const report = new WatchReporter(ctx);
  const drain = new AbortController();
  const forward = () => drain.abort(stops.signal?.reason);
  if (stops.signal?.aborted) forward();
  stops.signal?.addEventListener('abort', forward, { once: true });
  try {
    const budget = new StatusBudget(o.statusChecksPerMinute, stoppableSleep(drain.signal));
    const follow = new Follower({ ctx, client, budget, stop: drain.signal, intervalMs: o.pollIntervalMs, timeoutMs: o.timeoutMs });
    const pipeline = new FilePipeline({
      dir, client, state, report, follow, request: o.request, history: new JobHistory(ctx.env),
      upload: { multipartThreshold: o.multipartThreshold, env: ctx.env },
      drain: drain.signal, hard: stops.hard ?? new AbortController().signal,
    });
    const session = new WatchSession({ dir, settleMs: o.settleMs, rescanMs: o.rescanMs, concurrency: o.concurrency, all: o.all, once: o.once, retryMs: o.retryMs }, state, pipeline, report, drain);
    await session.run();
  } finally {
    stops.signal?.removeEventListener('abort', forward);
    await state.close();
  }
  if (o.once) ctx.exitCode = report.finalFailures > 0 ? EXIT.FAILED : report.retryableFailures > 0 ? EXIT.ERROR : EXIT.OK;
}
