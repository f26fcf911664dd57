import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { postgresStore } from '../../daemon/store/postgres/index.js';
import { LinkServer } from '../jobs/helpers/link-server.js';
import { Cluster, until, type DaemonProcess } from './cluster.js';

// Issue 21, item 4: "A multi-process test on one machine: two API processes and two workers
// sharing PostgreSQL and the S3 server. Jobs from both API processes finish; kill -9 one
// worker mid-job and another finishes it with no duplicate clips; 60 requests a minute hold
// across both API processes; every webhook event is delivered, each once per registration in the
// normal case; a scheduled post publishes once." The objects live in the bucket of the local
// S3-protocol server (test/helpers/s3-server.ts, signatures checked): the workers write sources and
// previews there, and the API processes hand out presigned GET URLs of it.
const cluster = new Cluster({
  settings: {
    // Several sections in the 83 s sample, no speech engine (the clips come from pauses and
    // loudness): quick jobs that still have a middle to be killed in.
    pipeline: { chunk_seconds: 20, section_seconds: 40, heavy_concurrency: 1 },
    transcription: { engine: 'none' },
    framing: { face_tracking: false },
    // A delivery leased by the killed worker is sent again after 5 + 5 s, not 35 s. The spec's 1 s
    // first retry wait: the five retries span 31 s, so a stall of a loaded machine (a sender whose
    // event loop is held past the timeout counts the attempt unanswered) cannot use them all up.
    webhooks: { timeout_ms: 5000, backoff_ms: 1000, poll_ms: 200 },
    tasks: { lease_ms: 10_000 },
  },
});
const links = new LinkServer();
const received: Array<{ path: string; id: string; type: string }> = [];
let receiver: Server;
let receiverUrl = '';
let apis: DaemonProcess[] = [];
let workers: DaemonProcess[] = [];

beforeAll(async () => {
  await cluster.init(2);
  await links.start();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const e = JSON.parse(body) as { id: string; type: string };
      received.push({ path: req.url ?? '', id: e.id, type: e.type });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // One after the other: the first applies the migrations and makes the root team.
  apis = [await cluster.start('api'), await cluster.start('api')];
  workers = [await cluster.start('worker'), await cluster.start('worker')];
}, 180_000);

afterAll(async () => {
  await cluster.stop();
  await links.stop();
  await new Promise((r) => receiver?.close(r));
});

async function call(api: DaemonProcess, method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => undefined)) as any };
}

const one = async <T>(sql: string, params: unknown[] = []) => (await cluster.query<T>(sql, params))[0];
/** Deliveries not yet answered for good: waiting, or on the wire. */
const openDeliveries = async () => (await one<{ n: number }>("SELECT COUNT(*)::int AS n FROM webhook_deliveries WHERE status IN ('pending', 'delivering')")).n;

describe('two API processes and two workers on one PostgreSQL', () => {
  it('finishes jobs from both APIs through a worker killed mid-job, delivers every event once per registration, publishes a scheduled post once', async () => {
    const auth = `Bearer ${await cluster.token()}`;
    expect((await call(workers[0], 'GET', '/v1/ping', auth)).status).toBe(404); // a worker serves no /v1
    for (const path of ['/a', '/b']) {
      expect((await call(apis[0], 'POST', '/v1/webhooks', auth, { url: `${receiverUrl}${path}`, events: ['*'] })).status).toBe(201);
    }
    expect((await call(apis[1], 'POST', '/v1/platforms', auth, { platform: 'short_video', connector: 'local', account_name: 'me' })).status).toBe(201);
    const baseline = (await one<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM events')).seq ?? 0;

    const source = { url: links.file('/sample.mp4', join(process.cwd(), 'fixtures', 'sample.mp4')) };
    const jobs: string[] = [];
    for (const api of apis) {
      const r = await call(api, 'POST', '/v1/clips', auth, { source });
      expect(r.status).toBe(202);
      jobs.push(r.body.job_id);
    }

    // kill -9 the worker that holds the first job, once its audio is stored and before it is done.
    const holder = await until('a worker in the middle of the first job', async () => {
      const row = await one<{ lease_owner: string | null }>(
        "SELECT t.lease_owner FROM tasks t WHERE t.kind = 'clip_job' AND t.resource_id = $1 AND t.status = 'running' AND EXISTS (SELECT 1 FROM job_stages s WHERE s.job_id = t.resource_id AND s.stage = 'audio')", [jobs[0]]);
      return row?.lease_owner ?? undefined;
    }, 240_000, 20);
    const victim = workers.find((w) => holder.split('.')[1] === String(w.pid))!;
    expect(victim).toBeDefined();
    await victim.kill();
    const inFlightAtKill = new Set((await cluster.query<{ event_id: string }>("SELECT event_id FROM webhook_deliveries WHERE status = 'delivering'")).map((r) => r.event_id));

    const finished = await until('both jobs to finish', async () => {
      const rows = await cluster.query<{ id: string; status: string; error: string | null }>('SELECT id, status, error FROM clip_jobs WHERE id = ANY($1)', [jobs]);
      return rows.every((r) => r.status === 'done' || r.status === 'error') && rows;
    }, 300_000, 250);
    expect(finished.map((r) => [r.status, r.error])).toEqual([['done', null], ['done', null]]);
    // The killed worker's task was taken over (a second attempt) by the live one.
    expect(await one("SELECT status, attempts FROM tasks WHERE kind = 'clip_job' AND resource_id = $1", [jobs[0]])).toEqual({ status: 'done', attempts: 2 });
    for (const [i, jobId] of jobs.entries()) {
      const clips = await cluster.query<{ rank: number; start: number; end: number }>('SELECT rank, start, "end" FROM clips WHERE job_id = $1 ORDER BY rank', [jobId]);
      expect(clips.length).toBeGreaterThan(0);
      expect(clips.map((c) => c.rank)).toEqual(clips.map((_, k) => k)); // no clip stored twice
      expect(new Set(clips.map((c) => `${c.start}-${c.end}`)).size).toBe(clips.length);
      const view = await call(apis[1 - i], 'GET', `/v1/clips/${jobId}`, auth); // read through the other API
      expect(view.body).toMatchObject({ status: 'done' });
      expect(view.body.clips.every((c: { preview_url?: string }) => c.preview_url?.startsWith(`${cluster.s3!.endpoint}/${cluster.s3!.bucket}/`))).toBe(true);
      const preview = await fetch(view.body.clips[0].preview_url); // presigned GET of the bucket
      expect([preview.status, preview.headers.get('content-type'), (await preview.arrayBuffer()).byteLength > 1000]).toEqual([200, 'video/mp4', true]);
    }

    // Two workers again, then a scheduled post whose time comes while both poll for due posts.
    workers = [workers.find((w) => w !== victim)!, await cluster.start('worker')];
    const draft = await one<{ id: string }>("SELECT id FROM posts WHERE status = 'draft' ORDER BY created_at LIMIT 1");
    const scheduled = await call(apis[0], 'POST', `/v1/posts/${draft.id}/publish`, auth, { scheduled_at: Date.now() + 6 * 60_000 });
    expect(scheduled.body.post.status).toBe('scheduled');
    // The spec's 5-minute lead is not waited out: the due time is moved to now, as if it had passed.
    await cluster.query('UPDATE posts SET scheduled_at = $1 WHERE id = $2', [Date.now(), draft.id]);
    await until('the scheduled post to publish', async () => (await one<{ status: string }>('SELECT status FROM posts WHERE id = $1', [draft.id])).status === 'published', 180_000, 200);
    expect(await one('SELECT COUNT(*)::int AS n FROM publish_attempts WHERE post_id = $1', [draft.id])).toEqual({ n: 1 });
    expect(await one("SELECT COUNT(*)::int AS n FROM tasks WHERE kind = 'post.publish' AND resource_id = $1", [draft.id])).toEqual({ n: 1 });
    expect(await one("SELECT COUNT(*)::int AS n FROM events WHERE type = 'post.published' AND data LIKE $1", [`%${draft.id}%`])).toEqual({ n: 1 });

    // Every event of the team since the registrations, at both registrations; twice only if a
    // delivery of it was in the killed worker's hands (at-least-once), never otherwise. Read once
    // the cluster is quiet: no task due or running (work still going on after the jobs, such as
    // the drafts of the second job, emits events of its own) and the outbox drained, twice in a
    // row (an event emitted just before a look is fanned out and sent by the next).
    let quietLooks = 0;
    await until('the tasks to end and the outbox to drain', async () => {
      const [{ tasks }] = await cluster.query<{ tasks: number }>("SELECT COUNT(*)::int AS tasks FROM tasks WHERE status = 'running' OR (status = 'pending' AND run_at <= $1)", [Date.now()]);
      const n = await openDeliveries();
      const [{ cursor, last }] = await cluster.query<{ cursor: number; last: number }>('SELECT (SELECT last_seq FROM webhook_fanout_cursor) AS cursor, (SELECT MAX(seq) FROM events) AS last');
      quietLooks = tasks === 0 && n === 0 && cursor === last ? quietLooks + 1 : 0;
      return quietLooks >= 2;
    }, 120_000, 500);
    const readEvents = () => cluster.query<{ id: string }>('SELECT id FROM events WHERE seq > $1 AND team_id = $2 ORDER BY seq', [baseline, cluster.rootTeamId]);
    const allArrived = async () => (await readEvents()).every((e) => ['/a', '/b'].every((path) => received.some((r) => r.path === path && r.id === e.id)));
    // Up to a minute for one more event (from work that is not a task) to make its way; a lost one never does.
    await until('every event at both registrations', allArrived, 60_000, 250).catch(() => undefined);
    const events = await readEvents();
    await until('the last answers to be recorded', async () => (await openDeliveries()) === 0, 60_000, 250).catch(() => undefined);
    const notDelivered = await cluster.query("SELECT d.event_id, d.event_type, w.url, d.status, d.attempts, d.last_error FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.status <> 'delivered'");
    expect(notDelivered).toEqual([]);
    expect(events.length).toBeGreaterThan(10);
    for (const path of ['/a', '/b']) {
      const got = received.filter((r) => r.path === path).map((r) => r.id);
      // A missing event is named with its type and its deliveries, so a failure says where it stopped.
      const missing = events.filter((e) => !got.includes(e.id)).map((e) => e.id);
      const told = missing.length
        ? await cluster.query('SELECT e.id, e.type, e.seq, d.status, d.attempts, d.last_error, w.url FROM events e LEFT JOIN webhook_deliveries d ON d.event_seq = e.seq LEFT JOIN webhooks w ON w.id = d.webhook_id WHERE e.id = ANY($1)', [missing])
        : [];
      expect({ path, missing: told }).toEqual({ path, missing: [] });
      expect(new Set(got)).toEqual(new Set(events.map((e) => e.id)));
      const twice = got.filter((id, i) => got.indexOf(id) !== i);
      expect(twice.filter((id) => !inFlightAtKill.has(id))).toEqual([]);
    }
  }, 600_000);

  it('holds the spec 60 requests a minute per root team across both API processes', async () => {
    const store = await postgresStore(cluster.databaseUrl, new ManualClock(Date.now()), { poolSize: 1 });
    const team = await store.teams.create('rate', Date.now());
    await store.close();
    const auth = `Bearer ${await cluster.token(team.id)}`;
    // A fresh minute window with time to spare (spec "Request rate": a fixed window of one minute).
    if (60_000 - (Date.now() % 60_000) < 20_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 50));
    const replies = [];
    for (let i = 0; i < 70; i++) replies.push(await call(apis[i % 2], 'GET', '/v1/ping', auth));
    const ok = replies.filter((r) => r.status === 200);
    const limited = replies.filter((r) => r.status === 429);
    expect([ok.length, limited.length]).toEqual([60, 10]);
    // One count for both: the remaining numbers the two processes gave out are 59 down to 0, once each.
    expect(ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(new Set(ok.slice(0, 2).map((r) => r.headers.get('x-ratelimit-limit')))).toEqual(new Set(['60']));
    for (const r of limited) {
      expect(r.body.error.code).toBe('RATE_LIMITED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    expect(new Set(limited.map((r) => r.headers.get('x-ratelimit-reset'))).size).toBe(1);
  }, 120_000);
});
