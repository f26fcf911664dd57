import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../daemon/daemon.js';
import { silentLogger } from '../../daemon/log.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { TestReceiver } from '../webhooks/receiver.js';
import { putObject } from '../uploads/helpers.js';

// Issue 31, item 1: GET /metrics in Prometheus' text format on the API and worker processes,
// outside /v1's rate limits, optionally behind a token; scraped here with a real parser of the
// format (parse-prometheus-text-format), not by matching our own strings.

interface Family { name: string; type: string; metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string }> }

async function scrape(url: string, token?: string): Promise<{ status: number; type: string; families: Map<string, Family> }> {
  const res = await request(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.body.text();
  if (res.statusCode !== 200) return { status: res.statusCode, type: String(res.headers['content-type']), families: new Map() };
  const families = parsePrometheusTextFormat(text) as Family[];
  return { status: res.statusCode, type: String(res.headers['content-type']), families: new Map(families.map((f) => [f.name, f])) };
}

const sample = (f: Family | undefined, labels: Record<string, string>) => f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
const value = (f: Family | undefined, labels: Record<string, string> = {}) => Number(sample(f, labels)?.value ?? NaN);

const TOKEN_ENV = 'CLIPPER_TEST_METRICS_TOKEN';
let d: TestDaemon;
let receiver: TestReceiver;
beforeAll(async () => {
  process.env[TOKEN_ENV] = 'metrics-token-for-tests-0123456789';
  receiver = await new TestReceiver((_r, n) => (n === 1 ? 500 : 200)).start();
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 8 }, webhooks: { backoff_ms: 10 }, metrics: { token_env: TOKEN_ENV } } });
});
afterAll(async () => {
  await d.stop();
  await receiver.close();
  delete process.env[TOKEN_ENV];
});

describe('GET /metrics (API role and the one-process daemon)', () => {
  it('needs the token when metrics.token_env is set, in the spec error envelope', async () => {
    const none = await d.call('GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
    expect((await d.call('GET', '/metrics', { auth: 'Bearer wrong-token-of-other-length' })).status).toBe(401);
  });

  it('counts requests by route and status, rate-limit refusals, webhook deliveries and retries, upload bytes', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const bearer = `Bearer ${await d.token()}`;
    const reg = await d.call('POST', '/v1/webhooks', { auth: bearer, body: { url: `${receiver.url}/hook`, events: ['post.published'] } });
    expect(reg.status).toBe(201);
    expect((await d.call('POST', '/v1/webhooks/trigger', { auth: bearer, body: { type: 'post.published' } })).status).toBe(201);
    const upload = (await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } })).body;
    expect((await putObject(upload.upload_url, Buffer.alloc(3000, 7))).status).toBe(200);
    expect((await d.call('GET', '/v1/clips/job_nosuchjob', { auth })).status).toBe(404);
    // The webhook's first answer is a 500 (a retry), the second a 200.
    await d.processAll();
    d.clock.advance(1_000);
    await d.processAll();
    expect(receiver.on('/hook')).toHaveLength(2);
    // Use up the minute's requests: the next ones are refused with RATE_LIMITED.
    let refused = 0;
    let pings = 0;
    for (; pings < 10 && refused < 2; pings++) if ((await d.call('GET', '/v1/ping', { auth })).status === 429) refused++;
    expect(refused).toBe(2);

    // Scraped again and again: /metrics is outside /v1, so the exhausted minute does not touch it.
    for (let i = 0; i < 3; i++) expect((await scrape(d.url, process.env[TOKEN_ENV])).status).toBe(200);
    const { type, families: m } = await scrape(d.url, process.env[TOKEN_ENV]);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(m.get('clipper_http_requests_total')!.type).toBe('COUNTER');
    expect(value(m.get('clipper_http_requests_total'), { route: '/v1/webhooks', method: 'POST', status: '201' })).toBe(1);
    expect(value(m.get('clipper_http_requests_total'), { route: '/v1/clips/:id', method: 'GET', status: '404' })).toBe(1);
    expect(value(m.get('clipper_http_requests_total'), { route: '/v1/ping', method: 'GET', status: '429' })).toBe(2);
    expect(value(m.get('clipper_http_requests_total'), { route: '/metrics', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(3);
    // The parser folds a labelled histogram's series into one (its flattenMetrics): the family
    // and its type are checked through it, the per-route count on the exposition's own line.
    expect(m.get('clipper_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const text = await (await request(`${d.url}/metrics`, { headers: { authorization: `Bearer ${process.env[TOKEN_ENV]}` } })).body.text();
    const pingCount = /^clipper_http_request_duration_seconds_count\{route="\/v1\/ping",method="GET"\} (\d+)$/m.exec(text);
    expect(Number(pingCount?.[1])).toBe(pings);
    expect(text).toMatch(/^clipper_http_request_duration_seconds_bucket\{route="\/v1\/ping",method="GET",le="\+Inf"\} \d+$/m);
    expect(value(m.get('clipper_rate_limit_refusals_total'), { limit: 'requests' })).toBe(2);
    expect(value(m.get('clipper_webhook_deliveries_total'), { outcome: 'retry' })).toBe(1);
    expect(value(m.get('clipper_webhook_deliveries_total'), { outcome: 'delivered' })).toBe(1);
    expect(value(m.get('clipper_webhook_retries_total'))).toBe(1);
    expect(Number(sample(m.get('clipper_webhook_delivery_duration_seconds'), {})!.count)).toBe(2);
    expect(value(m.get('clipper_upload_bytes_total'), { path: 'single' })).toBe(3000);
    expect(value(m.get('clipper_process_info'), { role: 'all' })).toBe(1);
    expect(m.get('clipper_webhook_backlog')!.type).toBe('GAUGE');
  });

  it('reads jobs by state and the queue (depth, oldest waiting task) from the database', async () => {
    const now = d.clock.now();
    await d.app.tasks.repo.enqueue({ kind: 'clip_job', resourceId: 'job_waiting1', teamId: d.rootTeamId, runAt: now - 30_000, payload: {} }, now);
    await d.app.tasks.repo.enqueue({ kind: 'clip_job', resourceId: 'job_waiting2', teamId: d.rootTeamId, runAt: now - 5_000, payload: {} }, now);
    d.app.db.prepare(`INSERT INTO clip_jobs (id, team_id, asset_id, status, source_type, language, folder_name, created_at, updated_at)
      VALUES ('job_metrics1', ?, 'asset_metrics1', 'queued', 'url', 'en', 'metrics', ?, ?)`).run(d.rootTeamId, now, now);
    const m = (await scrape(d.url, process.env[TOKEN_ENV])).families;
    expect(value(m.get('clipper_queue_depth'), { kind: 'clip_job' })).toBe(2);
    expect(value(m.get('clipper_queue_oldest_waiting_seconds'), { kind: 'clip_job' })).toBe(30);
    expect(value(m.get('clipper_jobs'), { state: 'queued' })).toBe(1);
    // Every family the issue names is there, with HELP and TYPE the parser read.
    for (const name of ['clipper_job_stage_duration_seconds', 'clipper_task_lease_takeovers_total', 'clipper_renders_total', 'clipper_render_minutes_total', 'clipper_publishes_total']) {
      expect(m.has(name) || name, name).toBe(true);
    }
  });
});

describe('GET /metrics on a worker process (PostgreSQL)', () => {
  let pg: TestPostgres;
  const dirs: string[] = [];
  beforeAll(async () => { pg = await startPostgres(); }, 120_000);
  afterAll(async () => {
    await pg?.stop();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('answers beside /healthz, with the queue read from the shared database', async () => {
    const url = await pg.createDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'clipper-metrics-worker-'));
    dirs.push(dataDir);
    const w = await startDaemon({
      role: 'worker', manualWorkers: true, log: silentLogger,
      config: { dataDir, host: '127.0.0.1', port: 0, settings: { database: { url }, server: { public_base_url: 'http://127.0.0.1:9' } } },
    });
    try {
      const team = (await w.app.store.teams.first())!.id;
      await w.app.store.tasks.enqueue({ kind: 'clip.render', resourceId: 'clip_render1', teamId: team, runAt: Date.now() - 1_000, payload: {} }, Date.now());
      const { status, families: m } = await scrape(w.listenUrl);
      expect(status).toBe(200);
      expect(value(m.get('clipper_process_info'), { role: 'worker' })).toBe(1);
      expect(value(m.get('clipper_queue_depth'), { kind: 'clip.render' })).toBe(1);
      expect(value(m.get('clipper_queue_oldest_waiting_seconds'), { kind: 'clip.render' })).toBeGreaterThanOrEqual(1);
      expect((await request(`${w.listenUrl}/healthz`)).statusCode).toBe(200);
    } finally {
      await w.close();
    }
  }, 60_000);
});
