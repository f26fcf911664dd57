import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { WatchEvent } from '../../../src/cli/watch/events.js';
import { parseWatchOptions, type RawWatchOptions, type WatchOptions } from '../../../src/cli/watch/options.js';
import { runWatch } from '../../../src/cli/watch/run.js';
import { startTestDaemon, type TestDaemon } from '../../helpers/daemon.js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cliHarness, testContext, type CliHarness } from '../../helpers/cli-io.js';
import { RateLimiter } from '../../../daemon/server/rate-limit.js';
import { runProgram } from '../../../src/cli/main.js';

/** Multipart parts this small in tests (the daemon's 5 MiB minimum is configurable). */
export const TEST_PART_SIZE = 64 * 1024;

export async function startWatchDaemon(): Promise<{ d: TestDaemon; key: string }> {
  // Many calls a minute on one team: the request-rate limit is tested with the foundation.
  const d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, uploads: { min_part_size: TEST_PART_SIZE } } });
  relaxStatusLimits(d);
  return { d, key: await d.apiKey() };
}

/**
 * Tests poll every 50 ms instead of 10 s, and the daemon's clock stands still: with the spec's
 * status-check limits every test would wait out a minute. One test puts them back
 * (`d.app.limiter = spec limits`) to see the watcher honour a 429.
 */
export function relaxStatusLimits(d: TestDaemon): void {
  d.app.limiter = new RateLimiter(d.clock, { perMinute: 100_000, statusPerResource: 100_000, statusPerTeam: 100_000, notFoundPerHour: 100_000 });
}

/** A job as the daemon stores it. */
export const jobRow = (d: TestDaemon, jobId: string) =>
  d.app.db.prepare('SELECT id, upload_id, status, criteria, target_duration, language FROM clip_jobs WHERE id = ?').get(jobId) as
    | { id: string; upload_id: string; status: string; criteria: string | null; target_duration: number | null; language: string }
    | undefined;

export const jobCount = (d: TestDaemon) => d.app.db.prepare('SELECT COUNT(*) FROM clip_jobs').pluck().get() as number;

/** Runs the daemon's workers (the real clip pipeline) until `until` settles. */
export async function driveJobs(d: TestDaemon, until: Promise<unknown>): Promise<void> {
  let over = false;
  void until.finally(() => (over = true)).catch(() => undefined);
  while (!over) {
    await d.processAll();
    await Promise.race([until.catch(() => undefined), new Promise((r) => setTimeout(r, 50))]);
  }
}

/** A whole command line run in the background (runProgram), its output readable as it comes. */
export function startCli(args: string[], env: NodeJS.ProcessEnv): { exit: Promise<number>; stdout: () => string; stderr: () => string } {
  const { ctx, stdout, stderr } = testContext({ env });
  const exit = runProgram(ctx, ['node', 'clipper', ...args]);
  return { exit, stdout: () => stdout.text, stderr: () => stderr.text };
}

const run = promisify(execFile);

/** A small real video (testsrc2 picture, a sine tone); `freq` and `seconds` make contents differ. */
export async function makeVideo(path: string, o: { seconds?: number; freq?: number; size?: string; qp?: number } = {}): Promise<string> {
  mkdirSync(dirname(path), { recursive: true });
  const d = o.seconds ?? 1;
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=d=${d}:s=${o.size ?? '160x120'}:r=15`, '-f', 'lavfi', '-i', `sine=d=${d}:f=${o.freq ?? 440}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', String(o.qp ?? 30), '-c:a', 'aac', '-shortest', '-f', 'mp4', path]);
  return path;
}

export interface RunningWatcher {
  events(): Array<WatchEvent & { time: number }>;
  /** Resolves with the first event (from the start) matching, or throws after `timeoutMs`. */
  next<E extends WatchEvent['event']>(event: E, match?: (e: Extract<WatchEvent, { event: E }>) => boolean, timeoutMs?: number): Promise<Extract<WatchEvent, { event: E }>>;
  /** Stops it as Ctrl-C would and waits until it has returned. */
  stop(): Promise<void>;
  /** Settles when runWatch returns (its exit code) or throws. */
  finished: Promise<number>;
  stderr(): string;
}

/** `clipper watch DIR --json` in-process, with short settle times and polling for tests. */
export function startWatcher(d: TestDaemon, key: string, dir: string, env: NodeJS.ProcessEnv, raw: RawWatchOptions = {}, extra: Partial<WatchOptions> = {}): RunningWatcher {
  const { ctx, stdout, stderr } = testContext({ env: { ...env, CLIPPER_BASE_URL: d.url, CLIPPER_API_KEY: key } });
  ctx.globals = { json: true };
  const options = { ...parseWatchOptions(dir, { settle: '0.3', rescan: '0.5', pollInterval: '50ms', ...raw }), retryMs: 500, statusChecksPerMinute: 100_000, ...extra };
  const stop = new AbortController();
  const finished = runWatch(options, ctx, { signal: stop.signal }).then(() => ctx.exitCode);
  finished.catch(() => undefined);
  const events = () => stdout.text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  return {
    events,
    async next(event, match = () => true, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events().find((e) => e.event === event && match(e as never));
        if (found) return found as never;
        if (Date.now() > deadline) throw new Error(`no ${event} event within ${timeoutMs} ms; events: ${stdout.text}\nstderr: ${stderr.text}`);
        await Promise.race([finished.catch(() => undefined), new Promise((r) => setTimeout(r, 20))]);
      }
    },
    async stop() {
      stop.abort();
      await finished;
    },
    finished,
    stderr: () => stderr.text,
  };
}

export const named = <E extends WatchEvent['event']>(list: Array<WatchEvent & { time: number }>, event: E) =>
  list.filter((e): e is Extract<WatchEvent, { event: E }> & { time: number } => e.event === event);

export interface WatchFixture {
  d: TestDaemon;
  key: string;
  /** The generated videos by name. */
  videos: Record<string, string>;
  h: CliHarness;
  /** The watched folder of the current test (made by fresh()). */
  dir: string;
  /** The watcher of the current test; stopped after each test. */
  w?: RunningWatcher;
  /** A new harness (state dir, HOME) and an empty inbox folder for one test. */
  fresh(): void;
  /** `startWatcher` on this fixture's daemon and folder; it becomes `w`. */
  watch(raw?: RawWatchOptions, extra?: Partial<WatchOptions>): RunningWatcher;
}

/** For a test file of watcher tests: one daemon and the videos for all tests; a fresh folder each. */
export function useWatchFixture(videos: Record<string, Parameters<typeof makeVideo>[1]>): WatchFixture {
  let media: string;
  const f = {
    videos: {} as Record<string, string>,
    fresh() {
      f.h?.cleanup();
      f.h = cliHarness();
      f.dir = join(f.h.env.HOME!, 'inbox');
      mkdirSync(f.dir);
    },
    watch(raw: RawWatchOptions = {}, extra: Partial<WatchOptions> = {}) {
      f.w = startWatcher(f.d, f.key, f.dir, f.h.env, raw, extra);
      return f.w;
    },
  } as WatchFixture;
  beforeAll(async () => {
    Object.assign(f, await startWatchDaemon());
    media = mkdtempSync(join(tmpdir(), 'clipper-watch-media-'));
    for (const [name, o] of Object.entries(videos)) f.videos[name] = await makeVideo(join(media, name), o);
  });
  afterAll(async () => {
    await f.d?.stop();
    f.h?.cleanup();
    rmSync(media, { recursive: true, force: true });
  });
  afterEach(async () => {
    await f.w?.stop();
    f.w = undefined;
  });
  return f;
}
