import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_RETRY_MS } from '../../daemon/tasks/task-runner.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { runCli } from '../helpers/cli-io.js';
import { Tmpfs } from '../helpers/tmpfs.js';
import { insertClip, SHORT, sourceVideo } from '../publish/helpers.js';
import { putObject } from '../uploads/helpers.js';

// Issue 31, item 4: the data dir's disk filling up mid-upload, mid-render and under the database
// gives INTERNAL_ERROR in the spec's envelope with a message that says what is full, loses
// nothing already stored, and recovers when space returns. The data dir is a 20 MB tmpfs.

const disk = new Tmpfs('20m', 'full');
const { base, mounted } = disk;
const fill = (leaveBytes: number) => disk.fill(leaveBytes);

let d: TestDaemon;
/** A PUT over a raw socket, the whole body sent; the answer's status and JSON body. */
function rawPut(url: string, body: Buffer): Promise<{ status: number; body: unknown }> {
  const u = new URL(url);
  const parsed = (text: string) => {
    const [head, rest = ''] = text.split('\r\n\r\n');
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    return { status: Number(head.split(' ')[1]), body: rest.length >= length && length ? JSON.parse(rest.slice(0, length)) : undefined };
  };
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`PUT ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: video/mp4\r\nContent-Length: ${body.length}\r\n\r\n`);
      socket.write(body);
    });
    let text = '';
    socket.on('data', (c) => {
      text += c.toString('latin1');
      const answer = parsed(text);
      if (answer.body !== undefined) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('close', () => resolve(parsed(text)));
    socket.on('error', () => resolve(parsed(text)));
  });
}
const freeSpace = () => disk.freeSpace();

beforeAll(async () => {
  if (!mounted) return;
  d = await startTestDaemon({ dataDir: join(base, 'data'), settings: { limits: { requests_per_minute: 100_000 }, transcription: { engine: 'none' } } });
});
afterAll(async () => {
  await d?.stop();
  disk.unmount();
});

describe.skipIf(!mounted)('a full disk', () => {
  it('mid-upload: INTERNAL_ERROR naming the object store, the stored upload intact, then it works again', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const kept = (await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } })).body;
    expect((await putObject(kept.upload_url, Buffer.alloc(200_000, 2))).status).toBe(200);
    const keptRow = () => d.app.db.prepare('SELECT object_key, etag FROM uploads WHERE id = ?').get(kept.upload_id) as { object_key: string; etag: string };
    const keptEtag = keptRow().etag;
    expect(keptEtag).toMatch(/^[0-9a-f]{32}$/);
    const next = (await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } })).body;

    fill(256 * 1024);
    // A body four times the room left: the store runs out of space partway through it.
    // Over a plain socket: undici gives up on a request answered before its body is all sent.
    const refused = await rawPut(next.upload_url, Buffer.alloc(1_000_000, 3));
    expect(refused.status).toBe(500);
    expect((refused.body as any).error).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringContaining("object store's disk is full") });
    expect((await d.call('GET', `/v1/uploads/${next.upload_id}`, { auth })).body.status).toBe('pending');

    freeSpace();
    expect((await putObject(next.upload_url, Buffer.alloc(1_000_000, 3))).status).toBe(200);
    expect((await d.call('GET', `/v1/uploads/${kept.upload_id}`, { auth })).body.status).toBe('complete');
    expect(keptRow().etag).toBe(keptEtag);
    expect((await d.app.objects.stat(keptRow().object_key))?.etag).toBe(keptEtag);
  });

  it("under the database: INTERNAL_ERROR naming the database's disk, in one line from the CLI, then it works again", async () => {
    const key = await d.apiKey();
    const before = (await d.call('GET', '/v1/uploads', { auth: `Key ${key}` })).body;
    fill(0);
    const refused = await d.call('POST', '/v1/keys', { auth: `Bearer ${await d.token()}`, body: { label: 'when full' } });
    expect(refused.status).toBe(500);
    expect(refused.body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/(database's|object store's) disk is full/) });
    const cli = await runCli(['keys', 'create', '--label', 'from the cli'], { env: { CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token(), CLIPPER_STATE_DIR: tmpdir() } });
    expect(cli.code).not.toBe(0);
    expect(cli.stdout).toBe('');
    expect(cli.stderr.split('\n').filter((l) => /disk is full/.test(l))).toEqual([expect.stringMatching(/^error INTERNAL_ERROR: The (database's|object store's) disk is full: .*retry with backoff once space is freed$/)]);

    freeSpace();
    expect((await d.call('POST', '/v1/keys', { auth: `Bearer ${await d.token()}`, body: { label: 'after' } })).status).toBe(201);
    expect((await d.call('GET', '/v1/uploads', { auth: `Key ${key}` })).body).toEqual(before);
    expect(d.app.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('mid-render: the render waits for space instead of failing, then finishes', async () => {
    const clipId = await insertClip(d, { script: SHORT });
    const auth = `Key ${await d.apiKey()}`;
    const render = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: {} });
    expect(render.status).toBe(202);
    fill(64 * 1024);
    for (const w of d.workers) await w.processAll().catch((e: unknown) => { throw new Error(`${w.name}: ${String(e)}`); });
    const waiting = d.app.db.prepare("SELECT status, attempts, last_error FROM tasks WHERE kind = 'clip.render' AND resource_id = ?").get(clipId) as { status: string; attempts: number; last_error: string };
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts, waiting.last_error).toBe(0); // the full disk did not use up an attempt
    expect(d.app.db.prepare('SELECT status FROM renders WHERE clip_id = ?').pluck().get(clipId)).not.toBe('failed');

    freeSpace();
    d.clock.advance(DISK_FULL_RETRY_MS);
    await d.processAll();
    expect(d.app.db.prepare('SELECT status FROM renders WHERE clip_id = ?').pluck().get(clipId)).toBe('done');
  }, 120_000);

  it('mid-job: the clip job waits for space instead of failing, keeps the stages it stored, then finishes', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const upload = (await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } })).body;
    expect((await putObject(upload.upload_url, readFileSync(sourceVideo(12)))).status).toBe(200);
    const created = (await d.call('POST', '/v1/clips', { auth, body: { source: { upload_id: upload.upload_id } } })).body;
    const jobId = (created.job_id ?? created.id) as string;
    // Room for the job's rows but not for the audio it extracts (12 s of 16 kHz samples: 384 kB).
    fill(128 * 1024);
    await d.processAll();
    const task = () => d.app.db.prepare("SELECT status, attempts, last_error FROM tasks WHERE kind = 'clip_job' AND resource_id = ?").get(jobId) as { status: string; attempts: number; last_error: string };
    expect(task().status).toBe('pending');
    expect(task().attempts, task().last_error).toBe(0); // the full disk did not use up an attempt
    const waiting = (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
    expect(waiting.status).not.toBe('error');
    const stored = d.app.db.prepare('SELECT stage FROM job_stages WHERE job_id = ? ORDER BY stage').pluck().all(jobId);
    expect(stored).toContain('probe'); // what the job stored before the disk filled is kept

    freeSpace();
    d.clock.advance(DISK_FULL_RETRY_MS);
    await d.processAll();
    const job = (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(d.app.db.prepare('SELECT stage FROM job_stages WHERE job_id = ? ORDER BY stage').pluck().all(jobId)).toEqual(expect.arrayContaining(stored));
  }, 120_000);

  it("the database's own disk (SQLITE_FULL): INTERNAL_ERROR naming the database, nothing half-written, then it works again", async () => {
    const auth = `Key ${await d.apiKey()}`;
    const jwt = `Bearer ${await d.token()}`;
    const keys = () => d.app.db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get() as number;
    const before = keys();
    // The write-ahead log emptied first: the next write must grow a file, so SQLite meets the full disk itself.
    d.app.db.pragma('wal_checkpoint(TRUNCATE)');
    fill(0);
    for (const [path, body] of [['/v1/keys', { label: 'when full' }], ['/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['post.published'] }]] as const) {
      const refused = await d.call('POST', path, { auth: jwt, body });
      expect(refused.status, path).toBe(500);
      expect(refused.body.error, path).toEqual({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/^The database's disk is full: /), details: null });
    }
    expect((await d.call('GET', '/v1/webhooks', { auth: jwt })).status).toBe(200); // reads go on
    expect((await d.call('GET', '/v1/ping', { auth })).status).toBe(200);

    freeSpace();
    expect(keys()).toBe(before);
    expect((await d.call('POST', '/v1/keys', { auth: jwt, body: { label: 'after' } })).status).toBe(201);
    expect(keys()).toBe(before + 1);
    expect(d.app.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
