import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { runCli } from '../helpers/cli-io.js';
import { connect, insertClip, previewReady, SHORT } from '../publish/helpers.js';
import { multipartUpload, putObject, TEST_PART_SIZE, type UploadDaemon } from '../uploads/helpers.js';

// Issue 31, item 3: `clipper admin backup --to DIR` while the daemon runs (a job running, uploads
// arriving), `clipper admin restore --from DIR` into an empty data dir; everything is there, the
// objects with their ETags, and a scheduled post fires once after the restore.

const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `clipper-${name}-`));
  dirs.push(dir);
  return dir;
};
const daemons: TestDaemon[] = [];
afterAll(async () => {
  for (const d of daemons) await d.stop().catch(() => undefined);
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});
const settings = { limits: { requests_per_minute: 100_000 }, uploads: { min_part_size: TEST_PART_SIZE } };
const env = { CLIPPER_STATE_DIR: tmpdir(), CLIPPER_DATABASE_URL: '' };
const TABLES = ['teams', 'api_keys', 'clip_jobs', 'clips', 'posts', 'webhooks', 'uploads', 'upload_parts', 'platform_connections', 'events'];
const rows = (d: TestDaemon, table: string) => d.app.db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();

describe('admin backup and restore', () => {
  it('backs up a running daemon and restores every resource, object and ETag; a scheduled post fires once', async () => {
    const clock = new ManualClock(Date.now());
    const a = await startTestDaemon({ dataDir: tmp('original'), clock, settings });
    daemons.push(a);
    const key = await a.apiKey();
    const jwt = await a.token();
    const ud = Object.assign(a, { auth: `Key ${key}` }) as unknown as UploadDaemon;
    const other = await a.createTeam('second team');
    const hook = await a.call('POST', '/v1/webhooks', { auth: `Bearer ${jwt}`, body: { url: 'http://127.0.0.1:9/hook', events: ['post.published'] } });
    expect(hook.status).toBe(201);
    // Uploads: one whole (single PUT), one multipart completed (an md5-of-md5s ETag), one half done.
    const single = (await a.call('POST', '/v1/uploads', { auth: ud.auth, body: { content_type: 'video/mp4' } })).body;
    expect((await putObject(single.upload_url, Buffer.alloc(5000, 3))).status).toBe(200);
    const whole = await multipartUpload(ud, Buffer.alloc(TEST_PART_SIZE * 2 + 100, 5));
    expect((await a.call('POST', `/v1/uploads/${whole.upload_id}/complete`, { auth: ud.auth, body: whole.completeBody() })).status).toBe(200);
    const half = await multipartUpload(ud, Buffer.alloc(TEST_PART_SIZE * 2, 6), { parts: [1] });
    // A clip job whose task a worker holds (running, leased), and a post scheduled in 10 minutes.
    await connect(a, 'short_video');
    const clipId = await insertClip(a, { script: SHORT });
    await previewReady(a, clipId);
    const jobId = (await a.app.store.clips.byId(clipId))!.job_id;
    await a.app.tasks.repo.enqueue({ kind: 'clip_job', resourceId: jobId, teamId: a.rootTeamId, runAt: clock.now(), payload: {} }, clock.now());
    expect((await a.app.tasks.repo.claim(['clip_job'], 'other-worker.1', clock.now(), 60_000))?.resource_id).toBe(jobId);
    const postId = (await a.call('GET', `/v1/clips/${clipId}/posts`, { auth: ud.auth })).body.posts[0].id as string;
    const at = clock.now() + 10 * 60_000;
    expect((await a.call('POST', `/v1/posts/${postId}/publish`, { auth: ud.auth, body: { scheduled_at: at } })).body.post.status).toBe('scheduled');

    const before = Object.fromEntries(TABLES.map((t) => [t, rows(a, t)]));
    // The backup runs while a part is arriving (its body trickles in over the backup).
    const backupDir = join(tmp('backup'), 'b1');
    const partUrl = half.parts[1].upload_url;
    const trickle = Readable.from((async function* () {
      for (let i = 0; i < 8; i++) {
        yield Buffer.alloc(TEST_PART_SIZE / 8, 6);
        await new Promise((r) => setTimeout(r, 20));
      }
    })());
    const arriving = request(partUrl, { method: 'PUT', body: trickle, headers: { 'content-type': 'video/mp4', 'content-length': String(TEST_PART_SIZE) } });
    const backup = await runCli(['admin', 'backup', '--data-dir', a.dataDir, '--to', backupDir, '--json'], { env });
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ database: 'sqlite', object_store: 'disk', version: expect.any(String) });
    expect((await arriving).statusCode).toBe(200);

    const objectKeys = [...a.app.db.prepare("SELECT object_key FROM uploads WHERE status = 'complete' ORDER BY id").pluck().all() as string[], `sources/${jobId}/source.mp4`];
    expect(objectKeys).toHaveLength(3);
    const etags = await Promise.all(objectKeys.map(async (k) => (await a.app.objects.stat(k))?.etag));
    expect(etags.every(Boolean)).toBe(true);
    expect(etags.some((e) => /-\d+$/.test(e!))).toBe(true); // the multipart ETag
    // The rule: the original is stopped for good before the restored daemon starts.
    await a.stop();

    const restoredDir = join(tmp('restored'), 'data');
    const refused = await runCli(['admin', 'restore', '--from', backupDir, '--data-dir', backupDir], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    const restored = await runCli(['admin', 'restore', '--from', backupDir, '--data-dir', restoredDir, '--json'], { env });
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout).released_leases).toBe(1);

    const b = await startTestDaemon({ dataDir: restoredDir, clock, settings });
    daemons.push(b);
    // Every row as it was; the part arriving during the backup is in it or not, whole either way.
    for (const t of TABLES) expect(rows(b, t).filter((r) => t !== 'upload_parts' || (r as { part_number: number }).part_number !== 2 || (r as { upload_id: string }).upload_id !== half.upload_id), t).toEqual(before[t]);
    expect((await b.app.store.teams.list()).map((t) => t.id)).toContain(other);
    expect((await b.call('GET', '/v1/ping', { auth: `Key ${key}` })).status).toBe(200);
    expect((await b.call('GET', `/v1/webhooks/${hook.body.id}`, { auth: `Bearer ${await b.token()}` })).status).toBe(200);
    expect(await Promise.all(objectKeys.map(async (k) => (await b.app.objects.stat(k))?.etag))).toEqual(etags);
    expect((await b.call('GET', `/v1/uploads/${half.upload_id}`, { auth: ud.auth })).body.status).toBe('pending');
    // The job's task, leased by a worker of the original, is pending again: the restored daemon runs it.
    expect((await b.app.tasks.repo.active('clip_job', jobId))!.status).toBe('pending');
    await b.app.tasks.repo.cancelPending('clip_job', jobId, clock.now()); // (its pipeline is not this test's)

    // The scheduled post: not before its time, then once, and never again.
    await b.processAll();
    expect((await b.app.posts.repo.byId(postId))!.status).toBe('scheduled');
    clock.set(at + 60_000);
    await b.processAll();
    await b.processAll();
    expect((await b.app.posts.repo.byId(postId))!.status).toBe('published');
    expect(b.app.localConnector.log().filter((l) => l.post_id === postId)).toHaveLength(1);
    await b.stop();
    const c = await startTestDaemon({ dataDir: restoredDir, clock, settings });
    daemons.push(c);
    await c.processAll();
    expect(c.app.localConnector.log().filter((l) => l.post_id === postId)).toHaveLength(1);
    expect((await c.app.store.events.readAfter(0, 10_000)).filter((e) => e.type === 'post.published' && (e.data as { post_id?: string }).post_id === postId)).toHaveLength(1);
  }, 120_000);

  it('refuses a folder that is not a backup, and a backup into a non-empty folder', async () => {
    const notBackup = tmp('not-backup');
    writeFileSync(join(notBackup, 'x'), 'x');
    const r = await runCli(['admin', 'restore', '--from', notBackup, '--data-dir', join(tmp('target'), 'd')], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a clipper backup');
    const d = await startTestDaemon({ settings });
    daemons.push(d);
    const b = await runCli(['admin', 'backup', '--data-dir', d.dataDir, '--to', notBackup], { env });
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('is not empty');
  });
});
