import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECTS_UNAVAILABLE_MESSAGE } from '../../daemon/objects/object-store.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startS3Process, type S3Process } from '../helpers/s3-process.js';
import { startS3Relay, type S3Relay } from '../helpers/s3-relay.js';

// A frozen object store (SIGSTOP of the S3 server's process, not a kill): requests answer the
// spec's error envelope within 15 s, nothing is half-created, /readyz says the store is down,
// and everything works again once the server runs again (SIGCONT).
const ANSWER_WITHIN_MS = 15_000;

async function call(d: TestDaemon, method: string, path: string, opts: { auth?: string; body?: unknown } = {}) {
  // The client gives up after 15 s: an answer later than that is a hang for the caller.
  const res = await fetch(`${d.url}${path}`, {
    method,
    headers: { ...(opts.auth ? { authorization: opts.auth } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const uploadStatus = (d: TestDaemon, id: string) => (d.app.db.prepare('SELECT status FROM uploads WHERE id = ?').get(id) as { status: string }).status;
const teamOf = (d: TestDaemon, id: string) => (d.app.db.prepare('SELECT team_id FROM uploads WHERE id = ?').get(id) as { team_id: string }).team_id;
const uploadRows = (d: TestDaemon) => (d.app.db.prepare('SELECT id FROM uploads').all() as Array<{ id: string }>).map((r) => r.id);

describe('a frozen S3 server', () => {
  let s3: S3Process;
  let relay: S3Relay;
  let d: TestDaemon;
  let auth: string;
  beforeAll(async () => {
    s3 = await startS3Process();
    relay = await startS3Relay(s3.endpoint);
    const secretEnv = `CLIPPER_TEST_FROZEN_S3_SECRET_${process.pid}`;
    process.env[secretEnv] = s3.credentials.secretAccessKey;
    d = await startTestDaemon({
      settings: {
        // S3's own 5 MiB minimum part: moto refuses smaller parts at CompleteMultipartUpload.
        uploads: { min_part_size: 5 * 1024 * 1024 },
        object_store: { kind: 's3', endpoint: relay.endpoint, bucket: s3.bucket, region: 'us-east-1', force_path_style: true, access_key_id: s3.credentials.accessKeyId, secret_access_key_env: secretEnv },
      },
    });
    auth = `Key ${await d.apiKey()}`;
  }, 60_000);
  afterAll(async () => {
    await d?.stop();
    await relay?.close();
    await s3?.stop();
  });

  it('answers POST /v1/uploads with the envelope and creates no upload; /readyz says objects down; both recover after SIGCONT', async () => {
    const multipart = { content_type: 'video/mp4', size_bytes: 200 * 1024, file_name: 'talk.mp4' };
    expect(await call(d, 'GET', '/readyz')).toEqual({ status: 200, body: { checks: { database: 'ok', objects: 'ok' } } });
    const resume = s3.pause();
    try {
      const refused = await call(d, 'POST', '/v1/uploads', { auth, body: multipart });
      expect(refused).toEqual({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: OBJECTS_UNAVAILABLE_MESSAGE, details: null } } });
      expect(uploadRows(d)).toEqual([]);
      expect(await call(d, 'GET', '/readyz')).toEqual({ status: 503, body: { checks: { database: 'ok', objects: 'down' } } });
      // Liveness is not readiness: the process itself is fine.
      expect((await call(d, 'GET', '/healthz')).status).toBe(200);
    } finally {
      resume();
    }
    expect(await call(d, 'GET', '/readyz')).toEqual({ status: 200, body: { checks: { database: 'ok', objects: 'ok' } } });
    const created = await call(d, 'POST', '/v1/uploads', { auth, body: multipart });
    expect(created.status).toBe(201);
    // The refused request's upload never appears, even now the server has answered it.
    expect(uploadRows(d)).toEqual([created.body.upload_id]);
    expect((await call(d, 'GET', `/v1/uploads/${created.body.upload_id}`, { auth })).body).toMatchObject({ status: 'pending', parts_received: [] });
  }, 60_000);

  it('answers reads of an upload with the envelope while frozen (each call retried, then given up)', async () => {
    const created = await call(d, 'POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4', size_bytes: 200 * 1024 } });
    expect(created.status).toBe(201);
    const resume = s3.pause();
    try {
      const r = await call(d, 'GET', `/v1/uploads/${created.body.upload_id}`, { auth });
      expect(r).toEqual({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: OBJECTS_UNAVAILABLE_MESSAGE, details: null } } });
    } finally {
      resume();
    }
    expect((await call(d, 'GET', `/v1/uploads/${created.body.upload_id}`, { auth })).status).toBe(200);
  }, 60_000);

  it('answers POST /v1/uploads/:id/complete frozen while joining the parts with the envelope, the upload still pending; completing again after SIGCONT finds the object joined', async () => {
    const file = randomBytes(5 * 1024 * 1024 + 200 * 1024);
    const created = await call(d, 'POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4', size_bytes: file.length } });
    expect(created.status).toBe(201);
    const { upload_id: id, part_size: partSize } = created.body as { upload_id: string; part_size: number };
    const parts = [];
    for (const p of created.body.parts as Array<{ part_number: number; upload_url: string }>) {
      const bytes = file.subarray((p.part_number - 1) * partSize, p.part_number * partSize);
      const put = await fetch(p.upload_url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: bytes });
      expect(put.status).toBe(200);
      parts.push({ part_number: p.part_number, etag: put.headers.get('etag')! });
    }
    // The store freezes as the daemon sends CompleteMultipartUpload, after its record and ListParts.
    let resume = () => {};
    const joining = relay.freezeAt(/^POST \S*uploadId=/m, () => (resume = s3.pause()));
    try {
      const started = performance.now();
      const refused = await call(d, 'POST', `/v1/uploads/${id}/complete`, { auth, body: { parts } });
      // Reported, not asserted: the bound above is the test's only time limit.
      console.log(`complete on a store frozen while joining the parts answered ${refused.status} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(refused).toEqual({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: OBJECTS_UNAVAILABLE_MESSAGE, details: null } } });
      expect(uploadStatus(d, id)).toBe('pending');
    } finally {
      resume();
    }
    // Running again, the server joins the parts it was sent: the bucket has the object, the row is pending.
    await joining.answered;
    expect(await call(d, 'POST', `/v1/uploads/${id}/complete`, { auth, body: { parts } })).toEqual({ status: 200, body: { upload_id: id, status: 'complete' } });
    expect(uploadStatus(d, id)).toBe('complete');
    const local = await d.app.objects.localPath(`uploads/${teamOf(d, id)}/${id}`);
    expect((await readFile(local!)).equals(file)).toBe(true);
  }, 60_000);
});

describe('GET /readyz on the local daemon', () => {
  it('is 200 with both checks ok, without a credential (disk store, SQLite)', async () => {
    const d = await startTestDaemon();
    try {
      expect(await call(d, 'GET', '/readyz')).toEqual({ status: 200, body: { checks: { database: 'ok', objects: 'ok' } } });
    } finally {
      await d.stop();
    }
  });
});
