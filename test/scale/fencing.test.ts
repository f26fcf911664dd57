import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkServer } from '../jobs/helpers/link-server.js';
import { Cluster, until, type DaemonProcess } from './cluster.js';

// Leases that fence, and a database that stops answering, with processes paused (SIGSTOP), not
// killed: two API and two worker processes on one PostgreSQL, the lease shortened so a paused
// holder loses its task within seconds. A stale holder's writes are refused and it stops quietly;
// a paused database fails requests in the spec's envelope, and everything recovers by itself.
const LEASE_MS = 4000;
const cluster = new Cluster({
  settings: {
    pipeline: { chunk_seconds: 20, section_seconds: 40, heavy_concurrency: 1 },
    transcription: { engine: 'none' },
    framing: { face_tracking: false },
    tasks: { lease_ms: LEASE_MS },
    database: { query_timeout_ms: 2000, connect_timeout_ms: 2000 },
  },
});
const links = new LinkServer();
let apis: DaemonProcess[] = [];
let workers: DaemonProcess[] = [];
let auth = '';

beforeAll(async () => {
  await cluster.init(2);
  await links.start();
  apis = [await cluster.start('api'), await cluster.start('api')];
  workers = [await cluster.start('worker'), await cluster.start('worker')];
  auth = `Bearer ${await cluster.token()}`;
}, 180_000);

afterAll(async () => {
  await cluster.stop();
  await links.stop();
});

/** A request that must be answered: a hang fails the test (the bound is far above the timeouts). */
async function call(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

const one = async <T>(sql: string, params: unknown[] = []) => (await cluster.query<T>(sql, params))[0];

async function startJob(): Promise<string> {
  const r = await call(apis[0].url, 'POST', '/v1/clips', { source: { url: links.file('/sample.mp4', join(process.cwd(), 'fixtures', 'sample.mp4')) } });
  expect(r.status).toBe(202);
  return r.body.job_id;
}

/** The lease owner of the job's task once its audio is stored and it is still running. */
async function midJobHolder(jobId: string): Promise<string> {
  return await until('a worker in the middle of the job', async () => {
    const row = await one<{ lease_owner: string | null }>(
      "SELECT t.lease_owner FROM tasks t WHERE t.kind = 'clip_job' AND t.resource_id = $1 AND t.status = 'running' AND EXISTS (SELECT 1 FROM job_stages s WHERE s.job_id = t.resource_id AND s.stage = 'audio')", [jobId]);
    return row?.lease_owner ?? undefined;
  }, 120_000, 20);
}

const workerOf = (owner: string) => workers.find((w) => owner.split('.')[1] === String(w.pid))!;

async function finished(jobId: string) {
  return await until('the job to end', async () => {
    const row = await one<{ status: string; error: string | null }>('SELECT status, error FROM clip_jobs WHERE id = $1', [jobId]);
    return (row.status === 'done' || row.status === 'error') && row;
  }, 120_000, 250);
}

/** Every clip of the job once, ranked 0..n-1, each with its preview. */
async function expectClipsOnce(jobId: string) {
  const clips = await cluster.query<{ rank: number; start: number; end: number; preview_key: string | null }>('SELECT rank, start, "end", preview_key FROM clips WHERE job_id = $1 ORDER BY rank', [jobId]);
  expect(clips.length).toBeGreaterThan(0);
  expect(new Set(clips.map((c) => `${c.start}-${c.end}`)).size).toBe(clips.length);
  expect(clips.map((c) => c.rank)).toEqual(clips.map((_, k) => k));
  expect(clips.filter((c) => !c.preview_key)).toEqual([]);
}

/** What a stale holder must not touch: the job's stage rows, clips, events and task. */
const snapshot = async (jobId: string) => ({
  stages: await cluster.query('SELECT stage, result, finished_at FROM job_stages WHERE job_id = $1 ORDER BY stage', [jobId]),
  clips: await cluster.query('SELECT id, rank, start, "end", preview_key, preview_ready_at FROM clips WHERE job_id = $1 ORDER BY id', [jobId]),
  events: await cluster.query('SELECT id FROM events WHERE data LIKE $1 ORDER BY seq', [`%${jobId}%`]),
  task: await one("SELECT status, attempts, last_error, lease_owner, updated_at FROM tasks WHERE kind = 'clip_job' AND resource_id = $1", [jobId]),
  job: await one('SELECT status, progress, error, updated_at FROM clip_jobs WHERE id = $1', [jobId]),
});

describe('leases that fence, on PostgreSQL with paused processes', () => {
  it('(c) while PostgreSQL is paused, /v1 on both APIs answers the error envelope; it recovers by itself', async () => {
    const resume = cluster.pauseDatabase();
    try {
      for (const api of apis) {
        const r = await call(api.url, 'GET', '/v1/clips');
        expect(r.status).toBe(500);
        expect(r.body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/database did not answer/) });
        expect(JSON.stringify(r.body)).not.toMatch(/timeout|pg|postgres|Query/i);
        expect((await fetch(`${api.url}/healthz`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200); // liveness
        expect((await fetch(`${api.url}/readyz`, { signal: AbortSignal.timeout(30_000) })).status).toBe(503);
      }
    } finally {
      resume();
    }
    for (const api of apis) await until('the API to answer again', async () => (await call(api.url, 'GET', '/v1/clips')).status === 200, 60_000, 250);
  }, 120_000);

  it('(a) a worker paused while it holds a job, woken after another finished it, writes nothing and stops quietly', async () => {
    const jobId = await startJob();
    const stale = workerOf(await midJobHolder(jobId));
    expect(stale).toBeDefined();
    process.kill(stale.pid, 'SIGSTOP');
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      expect(await finished(jobId)).toMatchObject({ status: 'done', error: null });
      before = await snapshot(jobId);
      stale.output = '';
    } finally {
      process.kill(stale.pid, 'SIGCONT');
    }
    await until('the woken worker to notice its lease is gone', () => /lease was taken over/.test(stale.output), 60_000, 100);
    expect(stale.output).not.toMatch(/will retry|failed for good|could not record/);
    expect(await snapshot(jobId)).toEqual(before);
    await expectClipsOnce(jobId);
  }, 180_000);

  it('(b) with PostgreSQL paused past the lease mid-job, the job ends done with each clip once, all with previews', async () => {
    const jobId = await startJob();
    await midJobHolder(jobId);
    const resume = cluster.pauseDatabase();
    try {
      // Held paused three leases long, so every lease of the job has lapsed when it answers again.
      await new Promise((r) => setTimeout(r, 3 * LEASE_MS));
    } finally {
      resume();
    }
    expect(await finished(jobId)).toMatchObject({ status: 'done', error: null });
    await expectClipsOnce(jobId);
    // The task is marked done just after the job's own commit: wait for it rather than race it.
    await until('the job\'s task to be done', async () =>
      (await one<{ status: string }>("SELECT status FROM tasks WHERE kind = 'clip_job' AND resource_id = $1", [jobId])).status === 'done', 30_000, 100);
  }, 180_000);
});
