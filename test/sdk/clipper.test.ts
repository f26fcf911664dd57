// Issue 18, item 2: the SDK's own parts besides the README script: sending with fetch (browsers),
// the waiters (status-check spacing, Retry-After, failed ends, timeouts, abort) and webhook
// verification through the shared verifier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clipper, ClientError, ResourceFailedError, WaitTimeoutError, signatureHeader, SignatureMismatchError } from '../../src/index.js';
import { pollUntil } from '../../src/client/wait.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon();
});
afterAll(() => d?.stop());

/** A fetch that answers GET /v1/clips/:id from a script of (status, body, headers) and counts calls. */
function scriptedFetch(answers: Array<[number, unknown, Record<string, string>?]>) {
  const seen: string[] = [];
  const f = (async (url: URL, init: RequestInit) => {
    seen.push(`${init.method} ${new URL(url).pathname} ${(init.headers as Record<string, string>).authorization}`);
    const [status, body, headers] = answers.shift()!;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as unknown as typeof fetch;
  return { f, seen };
}

const job = (status: string, extra: object = {}) => ({ job_id: 'job_1', status, created_at: 1, clips: [], folder_name: 'x', progress: 0.5, ...extra });

describe('Clipper', () => {
  it('sends with a given fetch, as in a browser, with the credential of the spec', async () => {
    const clipper = new Clipper({ baseUrl: d.url, apiKey: await d.apiKey(), fetch: globalThis.fetch });
    expect(await clipper.ping()).toEqual({ ok: true, team_id: d.rootTeamId, auth: 'api_key' });
    const err = await new Clipper({ baseUrl: d.url, apiKey: 'wrong-team_x', fetch: globalThis.fetch }).clips.list().catch((e) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('takes CLIPPER_BASE_URL and CLIPPER_API_KEY from the environment when not given', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { CLIPPER_BASE_URL: d.url, CLIPPER_API_KEY: await d.apiKey(), CLIPPER_TOKEN: '' });
    try {
      expect((await new Clipper().ping()).auth).toBe('api_key');
    } finally {
      for (const k of ['CLIPPER_BASE_URL', 'CLIPPER_API_KEY', 'CLIPPER_TOKEN']) if (saved[k] === undefined) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  it('waits out a 429 for its Retry-After, then follows the job to its failed end', async () => {
    const { f, seen } = scriptedFetch([
      [200, job('processing')],
      [429, { error: { code: 'STATUS_RATE_LIMITED', message: 'slow down', details: null, retry_after_seconds: 1 } }, { 'retry-after': '1' }],
      [200, job('error', { error: 'the link could not be downloaded' })],
    ]);
    const clipper = new Clipper({ baseUrl: 'http://127.0.0.1:1', token: 'tok', fetch: f, maxRetries: 0 });
    const started = Date.now();
    const err = await clipper.waitForJob('job_1', { intervalMs: 10 }).catch((e) => e);
    expect(err).toBeInstanceOf(ResourceFailedError);
    expect(err.message).toBe('job job_1 ended in error: the link could not be downloaded');
    expect(err.resource.status).toBe('error');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(seen).toEqual(Array(3).fill('GET /v1/clips/job_1 Bearer tok'));
  });
});

describe('pollUntil (the CLI --wait and the SDK waiters)', () => {
  it('checks at once, then 10 s apart (6 a minute of one id), and a 429 after max(interval, Retry-After)', async () => {
    const pauses: number[] = [];
    const states = ['queued', 'processing', 'rate', 'done'];
    const result = await pollUntil(
      {
        check: async () => {
          const s = states.shift()!;
          if (s === 'rate') throw new ClientError(429, 'STATUS_RATE_LIMITED', 'limited', null, 25);
          return { status: s };
        },
        status: (r) => r.status,
        done: ['done'],
        failed: ['error'],
      },
      { sleep: async (ms) => void pauses.push(ms) },
    );
    expect(result).toEqual({ resource: { status: 'done' }, failed: false });
    expect(pauses).toEqual([10_000, 10_000, 25_000]);
  });

  it('gives up at its timeout with the last state, and stops when aborted', async () => {
    let t = 0;
    const spec = { check: async () => ({ status: 'processing' }), status: (r: { status: string }) => r.status, done: ['done'], failed: [] };
    const err = await pollUntil(spec, { timeoutMs: 25_000, now: () => t, sleep: async (ms) => void (t += ms) }).catch((e) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err.message).toBe('gave up waiting for it after 25s (still processing)');
    const stop = new AbortController();
    const waiting = pollUntil(spec, { signal: stop.signal, intervalMs: 60_000 });
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});

describe('Clipper.verifyWebhook', () => {
  it('accepts a delivery signed with the secret over the raw body, and refuses another body', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'post.published', created: Date.now(), data: {} });
    const t = Math.floor(Date.now() / 1000);
    const header = signatureHeader('whsec_test', t, body);
    expect(Clipper.verifyWebhook('whsec_test', header, body)).toEqual({ timestamp: t });
    expect(() => Clipper.verifyWebhook('whsec_test', header, `${body} `)).toThrow(SignatureMismatchError);
  });
});
