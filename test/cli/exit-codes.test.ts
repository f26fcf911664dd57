import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/errors.js';
import { CliError, describeError, EXIT, HINTS } from '../../src/cli/exit-codes.js';
import { waitFor } from '../../src/cli/wait.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startStubApi } from '../helpers/stub-api.js';
import { cliHarness, runCli, testContext, type CliHarness } from '../helpers/cli-io.js';

let d: TestDaemon;
let h: CliHarness;
beforeAll(async () => {
  d = await startTestDaemon();
  h = cliHarness({ CLIPPER_BASE_URL: '' });
});
afterAll(async () => {
  await d.stop();
  h.cleanup();
});

const envelope = (code: string, message: string, extra: object = {}) => ({ error: { code, message, details: null, ...extra } });

describe('describeError maps every failure to one exit code', () => {
  it.each([
    [new ClientError(0, 'NETWORK_ERROR', 'x'), EXIT.UNREACHABLE],
    [new ClientError(400, 'BAD_REQUEST', 'x'), EXIT.ERROR],
    [new ClientError(401, 'UNAUTHORIZED', 'x'), EXIT.AUTH],
    [new ClientError(403, 'HTTP_ERROR', 'x'), EXIT.AUTH],
    [new ClientError(404, 'NOT_FOUND', 'x'), EXIT.NOT_FOUND],
    [new ClientError(409, 'CONFLICT', 'x'), EXIT.CONFLICT],
    [new ClientError(429, 'RATE_LIMITED', 'x'), EXIT.RATE_LIMITED],
    [new ClientError(429, 'STATUS_RATE_LIMITED', 'x'), EXIT.RATE_LIMITED],
    [new ClientError(500, 'INTERNAL_ERROR', 'x'), EXIT.ERROR],
    [new CliError(EXIT.TIMEOUT, 'x', undefined, 'TIMEOUT'), EXIT.TIMEOUT],
    [new Error('x'), EXIT.ERROR],
  ])('%s -> %i', (e, code) => {
    expect(describeError(e).exitCode).toBe(code);
  });

  it('has a hint for every error code of the spec and of the client', () => {
    for (const code of ['UNAUTHORIZED', 'BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'STATUS_RATE_LIMITED', 'INTERNAL_ERROR', 'NETWORK_ERROR', 'HTTP_ERROR']) {
      expect(HINTS[code], code).toBeTruthy();
    }
    expect(describeError(new ClientError(403, 'HTTP_ERROR', 'x'))).toMatchObject({ code: 'FORBIDDEN', hint: HINTS.FORBIDDEN });
    expect(describeError(new CliError(EXIT.TIMEOUT, 'x', undefined, 'TIMEOUT')).hint).toBe(HINTS.TIMEOUT);
  });
});

describe('exit codes of whole command lines', () => {
  const env = () => ({ ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_DATA_DIR: d.dataDir });

  it('0 on success, --help and --version', async () => {
    expect((await runCli(['ping'], { env: env() })).code).toBe(0);
    expect((await runCli(['--help'], { env: env() })).code).toBe(0);
    const v = await runCli(['--version'], { env: env() });
    expect(v.code).toBe(0);
    // Issue 31, item 5: the version, the commit and the migration level on one line.
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+ \(commit (?:[0-9a-f]+|unknown), migrations sqlite \d+, postgres \d+\)\n$/);
  });

  it.each([
    [['nosuchcommand']],
    [['ping', '--nosuchflag']],
    [['keys', 'revoke']],
    [['keys']],
    [['completion', 'tcsh']],
    [['api', 'FETCH', '/v1/ping']],
    [['daemon', 'status', '--port', 'x', '--data-dir']],
  ])('2 on usage errors: %j', async (args) => {
    const r = await runCli(args, { env: env() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toBe('');
  });

  it('3 on not found, with the API code, message and a hint', async () => {
    const r = await runCli(['api', 'GET', '/v1/renders/rn_missing'], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/error NOT_FOUND: .+\nhint: Check the id/);
  });

  it('4 on a refused credential', async () => {
    const r = await runCli(['ping'], { env: { ...env(), CLIPPER_API_KEY: `bad-${d.rootTeamId}` } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('error UNAUTHORIZED');
    expect(r.stderr).toContain('hint: Check your credentials');
  });

  it('5 on conflict, 6 when still rate limited after retries, 1 on a server error', async () => {
    const stub = await startStubApi((path) =>
      path.includes('conflict') ? { status: 409, body: envelope('CONFLICT', 'upload is not complete') }
      : path.includes('limited') ? { status: 429, body: envelope('RATE_LIMITED', 'slow down', { retry_after_seconds: 0 }), headers: { 'retry-after': '0' } }
      : { status: 500, body: envelope('INTERNAL_ERROR', 'boom') },
    );
    try {
      const e = { ...h.env, CLIPPER_BASE_URL: stub.url, CLIPPER_API_KEY: 'a-b' };
      expect((await runCli(['api', 'POST', '/v1/conflict'], { env: e })).code).toBe(5);
      const limited = await runCli(['api', 'GET', '/v1/limited'], { env: e });
      expect(limited.code).toBe(6);
      expect(stub.requests.filter((r) => r.includes('limited'))).toHaveLength(5); // 1 + 4 retries
      expect((await runCli(['api', 'GET', '/v1/boom'], { env: e })).code).toBe(1);
    } finally {
      await stub.close();
    }
  });

  it('7 when a waited-for resource fails, 8 when the wait times out', async () => {
    const { ctx } = testContext({ env: env() });
    let t = 0;
    const spec = { what: 'render rn_1', status: (r: { status: string }) => r.status, done: ['done'], failed: ['failed'] };
    await waitFor(ctx, { ...spec, check: async () => ({ status: 'failed' }) });
    expect(ctx.exitCode).toBe(7);
    const timeout = await waitFor(ctx, { ...spec, check: async () => ({ status: 'processing' }) }, { timeoutMs: 5000, now: () => t, sleep: async (ms) => void (t += ms) }).catch((e) => e);
    expect(describeError(timeout).exitCode).toBe(8);
  });

  it('9 when the API cannot be reached', async () => {
    const r = await runCli(['ping'], { env: { ...h.env, CLIPPER_BASE_URL: 'http://127.0.0.1:1', CLIPPER_API_KEY: 'a-b' } });
    expect(r.code).toBe(9);
    expect(r.stderr).toContain('hint: Is the daemon running?');
  });
});
