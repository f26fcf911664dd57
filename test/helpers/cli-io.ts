import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { CliContext } from '../../src/cli/context.js';
import { runProgram } from '../../src/cli/main.js';
import { startTestDaemon, type TestDaemon } from './daemon.js';

/** A writable that keeps what was written; `isTTY` makes it look like a terminal. */
export class Capture extends Writable {
  text = '';
  columns = 120;
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
  // What a tty.WriteStream offers and spinners call.
  cursorTo(_x: number, _y?: unknown, cb?: () => void): boolean {
    if (typeof _y === 'function') (_y as () => void)();
    cb?.();
    return true;
  }
  moveCursor(_dx: number, _dy: number, cb?: () => void): boolean {
    cb?.();
    return true;
  }
  clearLine(_dir: number, cb?: () => void): boolean {
    cb?.();
    return true;
  }
  getColorDepth(): number {
    return 8;
  }
  hasColors(): boolean {
    return true;
  }
}

export interface CliHarness {
  env: NodeJS.ProcessEnv;
  /** Temp folders made for this harness (removed by cleanup). */
  configDir: string;
  stateDir: string;
  dataDir: string;
  cleanup(): void;
}

/**
 * Environment for CLI tests: temp config, state and data dirs, and none of the caller's own
 * CLIPPER_* settings, so a developer's saved profile never leaks into a test.
 */
export function cliHarness(extra: NodeJS.ProcessEnv = {}): CliHarness {
  const root = mkdtempSync(join(tmpdir(), 'clipper-cli-'));
  const configDir = join(root, 'config');
  const stateDir = join(root, 'state');
  const dataDir = join(root, 'data');
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: root, TZ: process.env.TZ, CLIPPER_CONFIG_DIR: configDir, CLIPPER_STATE_DIR: stateDir, CLIPPER_DATA_DIR: dataDir, ...extra };
  return { env, configDir, stateDir, dataDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface CtxOptions {
  env: NodeJS.ProcessEnv;
  stdin?: string;
  /** Make stdout, stderr and stdin look like a terminal. */
  tty?: boolean;
}

/** A CliContext on captured streams, with instant retries, for calling a command's run() directly. */
export function testContext(o: CtxOptions): { ctx: CliContext; stdout: Capture; stderr: Capture } {
  const stdout = new Capture(!!o.tty);
  const stderr = new Capture(!!o.tty);
  const stdin = Object.assign(Readable.from(o.stdin === undefined ? [] : [o.stdin]), { isTTY: !!o.tty });
  const ctx = new CliContext({ stdout, stderr, stdin, env: o.env });
  ctx.clientOptions = { sleep: async () => {} };
  return { ctx, stdout, stderr };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command line through the whole program (parsing, run, error mapping). */
export async function runCli(args: string[], o: CtxOptions): Promise<CliResult> {
  const { ctx, stdout, stderr } = testContext(o);
  const code = await runProgram(ctx, ['node', 'clipper', ...args]);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * For a test file of CLI commands against one real daemon: starts it and a harness before all
 * tests, stops both after. `env()` points the CLI at the daemon as its local owner.
 */
export function useDaemonForCli(): { readonly d: TestDaemon; readonly h: CliHarness; env(): NodeJS.ProcessEnv } {
  let d: TestDaemon;
  let h: CliHarness;
  beforeAll(async () => {
    d = await startTestDaemon();
    h = cliHarness();
  });
  afterAll(async () => {
    await d?.stop();
    h?.cleanup();
  });
  return {
    get d() {
      return d;
    },
    get h() {
      return h;
    },
    env: () => ({ ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_DATA_DIR: d.dataDir }),
  };
}
