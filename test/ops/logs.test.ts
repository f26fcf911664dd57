import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, withLogContext } from '../../daemon/log.js';
import { ApiError } from '../../src/api/errors.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { TestReceiver } from '../webhooks/receiver.js';
import { putObject } from '../uploads/helpers.js';

// Issue 31, item 2: one JSON object a line with level, time, role, request id (also returned as
// X-Request-Id), team, and the ids of what a line is about; never a credential, token, webhook
// secret or signed URL's signature. Real flows that use secrets run, then the whole log is grepped
// for each secret they used.

const lines: string[] = [];
const TOKEN_ENV = 'CLIPPER_TEST_LOGS_METRICS_TOKEN';
let d: TestDaemon;
let receiver: TestReceiver;
beforeAll(async () => {
  process.env[TOKEN_ENV] = 'metrics-secret-token-abcdefghijklmnop';
  receiver = await new TestReceiver(() => 500).start();
  d = await startTestDaemon({
    settings: { limits: { requests_per_minute: 100_000 }, webhooks: { backoff_ms: 10 }, metrics: { token_env: TOKEN_ENV } },
    log: createLogger({ level: 'info', role: 'all', write: (l) => void lines.push(l) }),
    // A handler that fails with the secrets of its request in its message: the log must not keep them.
    extraRoutes: (router) => router.post('/probe/fail', { auth: 'any' }, (ctx) => {
      throw new Error(`boom with ${ctx.req.headers.authorization} at ${String(ctx.query.get('url'))}`);
    }),
  });
});
afterAll(async () => {
  await d.stop();
  await receiver.close();
  delete process.env[TOKEN_ENV];
});

const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('structured logs', () => {
  it('write one JSON object a line with level, time, role, request id, team and ids; never a secret', async () => {
    const key = await d.apiKey();
    const jwt = await d.token();
    const secrets: string[] = [key, jwt, process.env[TOKEN_ENV]!];
    // A webhook: its signing secret, and deliveries that fail (logged with their error).
    const reg = await d.call('POST', '/v1/webhooks', { auth: `Bearer ${jwt}`, body: { url: `${receiver.url}/hook`, events: ['post.published'] } });
    expect(reg.status).toBe(201);
    secrets.push(reg.body.secret);
    await d.call('POST', '/v1/webhooks/trigger', { auth: `Bearer ${jwt}`, body: { type: 'post.published' } });
    await d.processAll();
    // An upload through its signed URL: the signature is a secret.
    const upload = (await d.call('POST', '/v1/uploads', { auth: `Key ${key}`, body: { content_type: 'video/mp4' } })).body;
    const signature = new URL(upload.upload_url).searchParams.get('signature')!;
    secrets.push(signature);
    expect((await putObject(upload.upload_url, Buffer.alloc(100, 1))).status).toBe(200);
    // A refused PUT (tampered URL), a failing handler quoting the URL and the key, /metrics with its token.
    expect((await putObject(upload.upload_url.replace(/expires=\d+/, 'expires=1'), Buffer.alloc(10))).status).toBe(403);
    const failed = await d.call('POST', `/probe/fail?url=${encodeURIComponent(upload.upload_url)}`, { auth: `Key ${key}`, headers: { 'x-request-id': 'req-from-proxy-42' } });
    expect(failed.status).toBe(500);
    expect(failed.headers['x-request-id']).toBe('req-from-proxy-42');
    expect((await d.call('GET', '/metrics', { auth: `Bearer ${process.env[TOKEN_ENV]}` })).status).toBe(200);
    const job = await d.call('GET', '/v1/clips/job_doesnotexist1', { auth: `Key ${key}` });
    expect(job.status).toBe(404);
    const requestId = String(job.headers['x-request-id']);
    expect(requestId).toMatch(/^req_[A-Za-z0-9]{16}$/);

    const all = records();
    expect(all.length).toBeGreaterThan(5);
    for (const r of all) {
      expect(['debug', 'info', 'warn', 'error']).toContain(r.level);
      expect(new Date(String(r.time)).toISOString()).toBe(r.time);
      expect(r.role).toBe('all');
    }
    // The request line of the job look-up: its request id (the header's), team and job id.
    expect(all.find((r) => r.request_id === requestId)).toMatchObject({ msg: 'request', team_id: d.rootTeamId, job_id: 'job_doesnotexist1', route: '/v1/clips/:id', status: 404 });
    // The failing handler's error line carries the proxy's request id; the delivery's its ids.
    expect(all.find((r) => r.msg === 'unhandled error')).toMatchObject({ request_id: 'req-from-proxy-42', team_id: d.rootTeamId });
    expect(all.find((r) => r.msg === 'webhook delivery attempt failed')).toMatchObject({ webhook_id: reg.body.id, delivery_id: expect.stringMatching(/^dlv_/) });

    const whole = lines.join('');
    for (const s of secrets) expect(whole, `a secret of ${s.length} characters is in the log`).not.toContain(s);
    expect(whole).toContain('[redacted]');
  });

  it('leaves out lines under log.level and writes log.format pretty as one readable line', () => {
    const out: string[] = [];
    const log = createLogger({ level: 'warn', format: 'pretty', role: 'worker', write: (l) => void out.push(l) });
    log.info('not written');
    withLogContext({ job_id: 'job_abc' }, () => log.warn('stage slow', { stage: 'audio', authorization: 'Key ck0123' }));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}WARN {3}stage slow {2}role=worker {2}job_id=job_abc {2}stage=audio {2}authorization=\[redacted\]\n$/);
  });

  it('redacts an error given as a field, stack included', () => {
    const out: string[] = [];
    createLogger({ write: (l) => void out.push(l) }).error('failed', { error: new ApiError('BAD_REQUEST', 'see https://x/objects/a?expires=1&signature=deadbeefcafe') });
    expect(out[0]).not.toContain('deadbeefcafe');
  });
});
