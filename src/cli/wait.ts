import type { Command } from 'commander';
import { ClientError } from '../client/errors.js';
import type { CliContext } from './context.js';
import { CliError, EXIT, usageError } from './exit-codes.js';

/**
 * MINIMAL stand-in for the shared `--wait` poller (the cli branch builds the full one at this
 * path, with spinners; same exports). Spec "Status-check limits": 6 checks a minute of one id,
 * so checks are 10 s apart and a 429 is waited out for its Retry-After.
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

export async function waitFor<T>(ctx: CliContext, spec: WaitSpec<T>, opts: WaitOptions = {}): Promise<T> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const deadline = opts.timeoutMs === undefined ? Infinity : now() + opts.timeoutMs;
  for (;;) {
    let pause = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
    try {
      const resource = await spec.check();
      const state = spec.status(resource);
      if (spec.done.includes(state)) return resource;
      if (spec.failed.includes(state)) {
        const why = spec.error?.(resource);
        ctx.out.error('FAILED', `${spec.what} ended in ${state}${why ? `: ${why}` : ''}`);
        ctx.exitCode = EXIT.FAILED;
        return resource;
      }
      const p = spec.progress?.(resource);
      if (!ctx.out.jsonMode) ctx.out.info(`${spec.what}: ${state}${typeof p === 'number' ? ` ${Math.floor(p * 100)}%` : ''}`);
    } catch (e) {
      if (!(e instanceof ClientError) || e.status !== 429) throw e;
      pause = Math.max(pause, (e.retryAfterSeconds ?? 1) * 1000);
    }
    if (now() + pause > deadline) throw new CliError(EXIT.TIMEOUT, `gave up waiting for ${spec.what}`, undefined, 'TIMEOUT');
    await sleep(pause);
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
