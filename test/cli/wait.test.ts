import { describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/errors.js';
import { CliError, EXIT } from '../../src/cli/exit-codes.js';
import { parseDuration, parseWaitFlags, waitFor, type WaitSpec } from '../../src/cli/wait.js';
import { testContext } from '../helpers/cli-io.js';

interface Job {
  status: string;
  progress?: number;
  error?: string;
}

/** A fake clock whose sleep only moves time, and a status function that answers from a script. */
function harness(answers: Array<Job | Error>) {
  let t = 1_000_000;
  const checks: number[] = [];
  const sleeps: number[] = [];
  const spec: WaitSpec<Job> = {
    what: 'job job_1',
    check: async () => {
      checks.push(t);
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      if (next instanceof Error) throw next;
      return next;
    },
    status: (j) => j.status,
    progress: (j) => j.progress,
    error: (j) => j.error,
    done: ['done'],
    failed: ['error'],
  };
  const opts = { now: () => t, sleep: async (ms: number) => void (sleeps.push(ms), (t += ms)) };
  const elapsed = () => t - 1_000_000;
  return { spec, opts, checks, sleeps, elapsed };
}

const env = { PATH: process.env.PATH };

describe('waitFor', () => {
  it('checks at once, then every 10 s (6 a minute), and returns the finished resource', async () => {
    const w = harness([{ status: 'queued' }, { status: 'processing', progress: 0.4 }, { status: 'processing', progress: 0.9 }, { status: 'done' }]);
    const { ctx, stdout, stderr } = testContext({ env });
    const job = await waitFor(ctx, w.spec, w.opts);
    expect(job).toEqual({ status: 'done' });
    expect(w.checks.map((c) => c - w.checks[0])).toEqual([0, 10_000, 20_000, 30_000]);
    expect(w.sleeps).toEqual([10_000, 10_000, 10_000]);
    expect(ctx.exitCode).toBe(0);
    // Not a terminal: no spinner, nothing on stdout or stderr.
    expect(stdout.text + stderr.text).toBe('');
  });

  it('never checks one id more than 6 times in any minute', async () => {
    const w = harness([...Array.from({ length: 30 }, () => ({ status: 'processing' })), { status: 'done' }]);
    await waitFor(testContext({ env }).ctx, w.spec, w.opts);
    for (let i = 6; i < w.checks.length; i++) expect(w.checks[i] - w.checks[i - 6]).toBeGreaterThanOrEqual(60_000);
  });

  it('returns a failed resource with exit code 7 and its error on stderr', async () => {
    const w = harness([{ status: 'processing' }, { status: 'error', error: 'no audio stream' }]);
    const { ctx, stderr } = testContext({ env });
    const job = await waitFor(ctx, w.spec, w.opts);
    expect(job.status).toBe('error');
    expect(ctx.exitCode).toBe(EXIT.FAILED);
    expect(stderr.text).toContain('FAILED: job job_1 ended in error: no audio stream');
  });

  it('gives up at --timeout with exit code 8, having waited exactly the timeout', async () => {
    const w = harness([{ status: 'processing' }]);
    const err = await waitFor(testContext({ env }).ctx, w.spec, { ...w.opts, timeoutMs: 35_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err.exitCode).toBe(EXIT.TIMEOUT);
    expect(err.message).toBe('gave up waiting for job job_1 after 35s (still processing)');
    expect(w.elapsed()).toBe(35_000);
    expect(w.checks).toHaveLength(4); // 0, 10, 20, 30 s
  });

  it('honours Retry-After of a 429, and never checks sooner than the interval', async () => {
    const limited = (s: number) => new ClientError(429, 'STATUS_RATE_LIMITED', 'Too many status checks', null, s);
    const w = harness([limited(42), limited(3), { status: 'done' }]);
    await waitFor(testContext({ env }).ctx, w.spec, w.opts);
    expect(w.sleeps).toEqual([42_000, 10_000]);
  });

  it('lets other errors through (the CLI maps them), and a custom interval is used', async () => {
    const w = harness([{ status: 'queued' }, new ClientError(404, 'NOT_FOUND', 'job job_1 does not exist')]);
    const err = await waitFor(testContext({ env }).ctx, w.spec, { ...w.opts, intervalMs: 15_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect(w.sleeps).toEqual([15_000]);
  });

  it('draws the state and progress on a spinner on a terminal, on stderr only', async () => {
    const w = harness([{ status: 'processing', progress: 0.42 }, { status: 'done' }]);
    const { ctx, stdout, stderr } = testContext({ env, tty: true });
    await waitFor(ctx, w.spec, w.opts);
    expect(stdout.text).toBe('');
    expect(stderr.text).toContain('job job_1: done');
  });
});

describe('--wait / --timeout flags', () => {
  it('parses durations; a bare number is seconds; --timeout implies --wait', () => {
    expect(parseDuration('90', '--timeout')).toBe(90_000);
    expect(parseDuration('1.5m', '--timeout')).toBe(90_000);
    expect(parseDuration('2h', '--timeout')).toBe(7_200_000);
    expect(parseDuration('250ms', '--timeout')).toBe(250);
    for (const bad of ['', 'soon', '-5s', '0', '10d']) expect(() => parseDuration(bad, '--timeout')).toThrow(CliError);
    expect(parseWaitFlags({})).toEqual({ wait: false, timeoutMs: undefined });
    expect(parseWaitFlags({ wait: true })).toEqual({ wait: true, timeoutMs: undefined });
    expect(parseWaitFlags({ timeout: '10m' })).toEqual({ wait: true, timeoutMs: 600_000 });
  });
});
