import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { pgDumpMajor } from '../../daemon/ops/postgres-backup.js';
import { PgSql } from '../../daemon/store/postgres/pg-sql.js';
import { newId } from '../../src/api/ids.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { runCli } from '../helpers/cli-io.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { connect, sourceVideo, SHORT, timedWords } from '../publish/helpers.js';
import { putObject } from '../uploads/helpers.js';

// Issue 31, item 3 on PostgreSQL: `clipper admin backup` of a deployment whose database is
// PostgreSQL, while a job runs; `admin restore` into an empty data dir and an empty database;
// every row, object and ETag is there, and a scheduled post fires once. pg_dump is used only
// when one of the server's major version or newer is on PATH (Debian 12's is 15, the test
// server 18): otherwise the database goes as SQL through the driver, which this test checks.

let pg: TestPostgres;
const dirs: string[] = [];
const sqls: PgSql[] = [];
const daemons: TestDaemon[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `clipper-${name}-`));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  for (const d of daemons) await d.stop().catch(() => undefined);
  for (const s of sqls) await s.close().catch(() => undefined);
  await pg?.stop();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});
const open = (url: string) => {
  const s = PgSql.connect(url, 2);
  sqls.push(s);
  return s;
};
const TABLES = ['teams', 'api_keys', 'clip_jobs', 'clips', 'posts', 'webhooks', 'uploads', 'platform_connections', 'events', 'tasks', 'schema_migrations'];

/** What pg_dump would keep of the schema: every column, constraint and index, by name, and each table's persistence. */
async function catalog(sql: PgSql): Promise<string[]> {
  return (await sql.column<string>(`
    SELECT concat_ws(' ', c.relname, c.relpersistence::text, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull::text, a.attidentity::text, pg_get_expr(d.adbin, d.adrelid))
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public' JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum WHERE c.relkind = 'r'
    UNION ALL SELECT concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype <> 'n'
    UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`));
}

describe('admin backup and restore on PostgreSQL', () => {
  it('backs up during a running job and restores every row, object and ETag; a scheduled post fires once', async () => {
    const [urlA, urlB] = [await pg.createDatabase(), await pg.createDatabase()];
    const clock = new ManualClock(Date.now());
    const settings = { limits: { requests_per_minute: 100_000 }, database: { url: urlA } };
    const a = await startTestDaemon({ dataDir: tmp('pg-original'), clock, settings });
    daemons.push(a);
    const sqlA = open(urlA);
    const auth = `Key ${await a.apiKey()}`;
    await a.createTeam('second team');
    expect((await a.call('POST', '/v1/webhooks', { auth: `Bearer ${await a.token()}`, body: { url: 'http://127.0.0.1:9/hook', events: ['post.published'] } })).status).toBe(201);
    // An upload, and a clip job from it whose task a worker of the original holds (running, leased).
    const upload = (await a.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } })).body;
    expect((await putObject(upload.upload_url, readFileSync(sourceVideo(3)))).status).toBe(200);
    const job = (await a.call('POST', '/v1/clips', { auth, body: { source: { upload_id: upload.upload_id } } })).body;
    const jobId = (job.job_id ?? job.id) as string;
    expect((await a.app.tasks.repo.claim(['clip_job'], 'other-worker.1', clock.now(), 60_000))?.resource_id).toBe(jobId);
    // A finished clip with its drafts, one scheduled in 10 minutes.
    await connect(a, 'short_video');
    const clipId = await insertDoneClip(a, sqlA);
    const postId = (await a.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts.find((p: { platform: string }) => p.platform === 'short_video').id as string;
    const at = clock.now() + 10 * 60_000;
    expect((await a.call('POST', `/v1/posts/${postId}/publish`, { auth, body: { scheduled_at: at } })).body.post.status).toBe('scheduled');

    const backupDir = join(tmp('pg-backup'), 'b');
    const backup = await runCli(['admin', 'backup', '--data-dir', a.dataDir, '--to', backupDir, '--json'], { env: { CLIPPER_STATE_DIR: tmpdir(), CLIPPER_DATABASE_URL: urlA } });
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ database: 'postgres', database_dump: (pgDumpMajor() ?? 0) >= 18 ? 'pg_dump' : 'sql', object_store: 'disk' });
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await sqlA.all(`SELECT * FROM ${t} ORDER BY 1`)] as const)));
    const objectKey = (await sqlA.value<string>('SELECT object_key FROM uploads WHERE id = ?', upload.upload_id))!;
    const etag = (await a.app.objects.stat(objectKey))?.etag;
    expect(etag).toMatch(/^[0-9a-f]{32}$/);
    await a.stop();

    const restoredDir = join(tmp('pg-restored'), 'data');
    const envB = { CLIPPER_STATE_DIR: tmpdir(), CLIPPER_DATABASE_URL: urlB };
    const restored = await runCli(['admin', 'restore', '--from', backupDir, '--data-dir', restoredDir, '--json'], { env: envB });
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout).released_leases).toBe(1);
    const sqlB = open(urlB);
    expect(await catalog(sqlB)).toEqual(await catalog(sqlA)); // the schema, as the migrations made it
    // A restore into a database that is not empty is refused and changes nothing.
    const again = await runCli(['admin', 'restore', '--from', backupDir, '--data-dir', join(tmp('pg-again'), 'data')], { env: envB });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty');

    const b = await startTestDaemon({ dataDir: restoredDir, clock, settings: { ...settings, database: { url: urlB } } });
    daemons.push(b);
    for (const t of TABLES.filter((x) => x !== 'tasks')) expect(await sqlB.all(`SELECT * FROM ${t} ORDER BY 1`), t).toEqual(before[t]);
    expect((await b.call('GET', '/v1/ping', { auth })).status).toBe(200);
    expect((await b.app.objects.stat(objectKey))?.etag).toBe(etag);
    // The job's task, leased by a worker of the original, is pending again; new rows take new numbers.
    expect((await b.app.tasks.repo.active('clip_job', jobId))!.status).toBe('pending');
    await b.app.tasks.repo.cancelPending('clip_job', jobId, clock.now()); // (its pipeline is not this test's)
    expect((await b.call('POST', '/v1/webhooks/trigger', { auth: `Bearer ${await b.token()}`, body: { type: 'post.published' } })).status).toBe(201);

    await b.processAll();
    expect((await b.app.posts.repo.byId(postId))!.status).toBe('scheduled');
    clock.set(at + 60_000);
    for (let i = 0; i < 20 && (await b.app.posts.repo.byId(postId))!.status !== 'published'; i++) await b.processAll();
    expect((await b.app.posts.repo.byId(postId))!.status).toBe('published');
    expect(b.app.localConnector.log().filter((l) => l.post_id === postId)).toHaveLength(1);
    await b.stop();
    const c = await startTestDaemon({ dataDir: restoredDir, clock, settings: { ...settings, database: { url: urlB } } });
    daemons.push(c);
    await c.processAll();
    expect(c.app.localConnector.log().filter((l) => l.post_id === postId)).toHaveLength(1);
    expect((await c.app.store.events.readAfter(0, 10_000)).filter((e) => e.type === 'post.published' && (e.data as { post_id?: string }).post_id === postId)).toHaveLength(1);
  }, 180_000);
});

/** A done job with one clip whose preview is ready, its drafts written as the preview-ready hook writes them. */
async function insertDoneClip(d: TestDaemon, sql: PgSql): Promise<string> {
  const jobId = newId('job');
  const clipId = newId('clip');
  const now = d.clock.now();
  const mediaKey = `sources/${jobId}/source.mp4`;
  await d.app.objects.put(mediaKey, createReadStream(sourceVideo()), { contentType: 'video/mp4' });
  await sql.run(`INSERT INTO clip_jobs (id, team_id, asset_id, status, source_type, language, folder_name, media_key, created_at, updated_at)
    VALUES (?, ?, ?, 'done', 'upload', 'en', 'talk.mp4', ?, ?, ?)`, jobId, d.rootTeamId, newId('asset'), mediaKey, now, now);
  await sql.run(`INSERT INTO clips (id, job_id, team_id, rank, start, "end", title, score, score_breakdown, reason, transcript, words, created_at, preview_key, preview_ready_at)
    VALUES (?, ?, ?, 1, 1, 3, 'Charge more', 0.8, ?, 'test clip', ?, ?, ?, ?, ?)`,
  clipId, jobId, d.rootTeamId, JSON.stringify({ relevance: 0.8, hook: 0.8, energy: 0.5, completeness: 1 }), SHORT, JSON.stringify(timedWords(SHORT, 1)), now, `previews/${clipId}.mp4`, now);
  await d.app.store.transaction(async () => {
    await d.app.posts.createDrafts((await d.app.store.clips.byId(clipId))!);
  });
  return clipId;
}
