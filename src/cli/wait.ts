import type { Command } from 'commander';
import { ClientError } from '../client/errors.js';
import type { CliContext } from './context.js';
import { CliError, EXIT, usageError } from './exit-codes.js';

// INTERIM minimal poller with the API of the shared one being built on branch `cli`
// (waitFor / WaitSpec / withWaitFlags / parseWaitFlags); the lead keeps that one.

/**
 * Spec "Status-check limits": at most 6 checks a minute of one job, render or post, so checks of
 * one id are 10 s apart; a 429 is waited out for its Retry-After before the next check.
 */
export interface WaitSpec<T> {
  what: string;
  check: () => Promise<T>;
  status: (resource: T) => string;
  done: readonly string[];
  failed: readonly string[];
  progress?: (resource: T) => number | null | undefined;
  error?: (resource: T) => string | null | undefined;
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const DEFAULT_INTERVAL_MS = 10_000;
const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until a `done` or `failed` state; a failed end sets exit code 7; the timeout is exit code 8. */
export async function waitFor<T>(ctx: CliContext, spec: WaitSpec<T>, opts: WaitOptions = {}): Promise<T> {
  const sleep = opts.sleep ?? realSleep;
  const now = opts.now ?? Date.now;
  const interval = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
  const deadline = opts.timeoutMs === undefined ? Infinity : now() + opts.timeoutMs;
  const tty = !!ctx.io.stderr.isTTY && !ctx.out.jsonMode;
  const show = (text: string) => tty && ctx.io.stderr.write(`\r\x1b[2K${text}`);
  let last: string | undefined;
  try {
    for (;;) {
      let pause = interval;
      try {
        const resource = await spec.check();
        last = spec.status(resource);
        if (spec.done.includes(last)) return resource;
        if (spec.failed.includes(last)) {
          const why = spec.error?.(resource);
          ctx.out.error('FAILED', `${spec.what} ended in ${last}${why ? `: ${why}` : ''}`);
          ctx.exitCode = EXIT.FAILED;
          return resource;
        }
        const p = spec.progress?.(resource);
        show(`${spec.what}: ${last}${typeof p === 'number' ? ` ${Math.floor(p * 100)}%` : ''}`);
      } catch (e) {
        if (!(e instanceof ClientError) || e.status !== 429) throw e;
        pause = Math.max(interval, (e.retryAfterSeconds ?? 1) * 1000);
      }
      if (now() + pause > deadline) {
        await sleep(Math.max(0, deadline - now()));
        throw new CliError(EXIT.TIMEOUT, `gave up waiting for ${spec.what} after ${Math.round(opts.timeoutMs! / 1000)}s${last ? ` (still ${last})` : ''}`, undefined, 'TIMEOUT');
      }
      await sleep(pause);
    }
  } finally {
    show('');
  }
}

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
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  if (ms <= 0) throw usageError(`${flag} must be more than zero`);
  return Math.round(ms);
}
