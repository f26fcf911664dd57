import type { Command } from 'commander';
import type { PollSpec } from '../client/wait.js';
import { STATUS_CHECK_INTERVAL_MS } from '../api/limits.js';
import type { CliContext } from './context.js';
import { CliError, EXIT, usageError } from './exit-codes.js';
import { formatDuration, startSpinner, type Spinner } from './progress.js';

/**
 * The CLI's `--wait` (issue 7) for clip jobs, renders and posts: the shared poller
 * (src/client/wait.ts, which keeps within the status-check limits and honours Retry-After) with
 * a spinner, exit code 7 for a failed end and 8 at the timeout.
 */
export interface WaitSpec<T> extends PollSpec<T> {
  /** What is waited for, in messages: "job job_abc". */
  what: string;
  /** Progress 0..1, shown beside the state. */
  progress?: (resource: T) => number | null | undefined;
  /** The resource's own error text, shown when it failed. */
  error?: (resource: T) => string | null | undefined;
  /** What it is doing now, beside its state ("transcribing 3/9 chunks"; issue 13, item 9). */
  detail?: (resource: T) => string | undefined;
}

export interface WaitOptions {
  /** Give up after this long (exit code 8); no limit when undefined. */
  timeoutMs?: number;
  /** Time between two checks of the id; 10 s keeps within 6 a minute. */
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** What shows the state while waiting; default a spinner (`clipper watch` follows many at once, quietly). */
  spinner?: Spinner;
}

export const DEFAULT_INTERVAL_MS = STATUS_CHECK_INTERVAL_MS;

/**
 * Polls until the resource reaches a state in `done` or `failed` and returns it. A failed end
 * sets `ctx.exitCode` to 7 and reports it on stderr, so the caller still prints the resource
 * (its JSON carries the error). Throws a CliError with exit code 8 at the timeout.
 */
export async function waitFor<T>(ctx: CliContext, spec: WaitSpec<T>, opts: WaitOptions = {}): Promise<T> {
  const now = opts.now ?? Date.now;
  const interval = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
  const spinner = opts.spinner ?? startSpinner(ctx, `waiting for ${spec.what} (checked every ${Math.round(interval / 1000)}s: the service allows 6 status checks a minute of one id)`);
  const eta = new EtaEstimator(now);
  // Loaded when a wait starts: the program chunk (`clipper --help`) stays without it.
  const { pollUntil, WaitTimeoutError } = await import('../client/wait.js');
  try {
    const { resource, failed } = await pollUntil(spec, {
      ...opts,
      onUpdate: (r, next) => {
        const progress = spec.progress?.(r);
        const left = typeof progress === 'number' ? eta.add(progress) : undefined;
        spinner.update(describe(spec.what, spec.status(r), progress, spec.detail?.(r), left, next));
      },
      onRateLimited: (pause) => spinner.update(`${spec.what}: rate limited, next check in ${Math.ceil(pause / 1000)}s`),
    });
    const state = spec.status(resource);
    if (!failed) {
      spinner.succeed(`${spec.what}: ${state}`);
      return resource;
    }
    spinner.fail(`${spec.what}: ${state}`);
    const why = spec.error?.(resource);
    ctx.out.error('FAILED', `${spec.what} ended in ${state}${why ? `: ${why}` : ''}`);
    ctx.exitCode = EXIT.FAILED;
    return resource;
  } catch (e) {
    spinner.stop();
    if (e instanceof WaitTimeoutError) throw timeoutError(spec.what, e.lastStatus, e.timeoutMs);
    throw e;
  }
}

function describe(what: string, state: string, progress: number | null | undefined, detail?: string, leftMs?: number, intervalMs?: number): string {
  const pct = typeof progress === 'number' && Number.isFinite(progress) ? ` ${Math.floor(Math.min(1, Math.max(0, progress)) * 100)}%` : '';
  const doing = detail ? `, ${detail}` : '';
  const eta = leftMs === undefined ? '' : `, about ${formatDuration(leftMs)} left`;
  const next = intervalMs ? ` (next check in ${Math.round(intervalMs / 1000)}s)` : '';
  return `${what}: ${state}${pct}${doing}${eta}${next}`;
}

/**
 * Time left from the progress seen so far: the rate since the first check that showed progress,
 * once it has moved (a job's progress is weighted by where its time goes: clip-jobs/progress.ts).
 */
export class EtaEstimator {
  private first?: { at: number; p: number };
  constructor(private now: () => number = Date.now) {}

  /** Records a progress (0..1) and returns the estimated milliseconds left, when it can tell. */
  add(progress: number): number | undefined {
    const at = this.now();
    if (!Number.isFinite(progress)) return undefined;
    if (!this.first) {
      this.first = { at, p: progress };
      return undefined;
    }
    const moved = progress - this.first.p;
    const elapsed = at - this.first.at;
    if (moved <= 0.005 || elapsed <= 0) return undefined;
    return Math.max(0, ((1 - progress) * elapsed) / moved);
  }
}

function timeoutError(what: string, state: string | undefined, timeoutMs: number): CliError {
  const msg = `gave up waiting for ${what} after ${Math.round(timeoutMs / 1000)}s${state ? ` (still ${state})` : ''}`;
  return new CliError(EXIT.TIMEOUT, msg, undefined, 'TIMEOUT');
}

/** Adds `--wait` and `--timeout` to a command that starts or reads something that finishes later. */
export function withWaitFlags(cmd: Command): Command {
  return cmd
    .option('--wait', 'wait until it finishes, showing its state and progress')
    .option('--timeout <duration>', 'with --wait: give up after this long, e.g. 90s, 10m, 1h (exit code 8); implies --wait');
}

export interface WaitFlags {
  wait: boolean;
  timeoutMs?: number;
}

export function parseWaitFlags(raw: { wait?: boolean; timeout?: string }): WaitFlags {
  const timeoutMs = raw.timeout === undefined ? undefined : parseDuration(raw.timeout, '--timeout');
  return { wait: !!raw.wait || timeoutMs !== undefined, timeoutMs };
}

/** `90`, `90s`, `1.5m`, `2h`, `500ms` to milliseconds; a bare number is seconds. */
export function parseDuration(text: string, flag: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw usageError(`${flag} must be a duration such as 90s, 10m or 1h, got "${text}"`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = Number(m[1]) * unit;
  if (ms <= 0) throw usageError(`${flag} must be more than zero`);
  return Math.round(ms);
}
