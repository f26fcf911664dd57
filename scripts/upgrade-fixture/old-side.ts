// Run inside a worktree of the OLD release (scripts/upgrade-fixture/make.mjs copies it to the same place there):
// makes a data dir with that release's own code, the way its users would have: an API key, a
// completed upload, a clip job from it still queued (its task pending), a finished clip whose
// post is scheduled, a webhook. With a DATABASE_URL, the rows go to that PostgreSQL database
// (the hosted shape), the objects and keys to the data dir. Usage: tsx old-side.ts DATA_DIR VIDEO [DATABASE_URL]
import { createReadStream, readFileSync } from 'node:fs';
import { startDaemon } from '../../daemon/daemon.js';
import { ManualClock } from '../../daemon/clock.js';
import { silentLogger } from '../../daemon/log.js';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { newId } from '../../src/api/ids.js';
import { SqliteSql } from '../../daemon/store/sqlite-sql.js';
import type { Sql } from '../../daemon/store/sql.js';

const [dataDir, video, databaseUrl] = process.argv.slice(2);
const clock = new ManualClock(Date.UTC(2026, 10, 1, 12, 0, 0));
const settings = { limits: { requests_per_minute: 100_000 }, ...(databaseUrl ? { database: { url: databaseUrl } } : {}) };
const d = await startDaemon({ config: { dataDir, host: '127.0.0.1', port: 0, settings }, clock, log: silentLogger, manualWorkers: true });
// The rows below as the store's engine takes them: its SQLite file, or its PostgreSQL database.
const sql: Sql = databaseUrl ? (await import('../../daemon/store/postgres/pg-sql.js')).PgSql.connect(databaseUrl, 1) : new SqliteSql(d.app.db);
const team = (await d.app.store.teams.first())!.id;
const { key } = await d.app.store.apiKeys.create(team, 'upgrade fixture', clock.now());
const jwt = await mintIdToken(dataDir, team, clock.now());
const call = async (method: string, path: string, auth: string, body?: unknown) => {
  const r = await fetch(d.url + path, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
};
const upload = await call('POST', '/v1/uploads', `Key ${key}`, { content_type: 'video/mp4', file_name: 'talk.mp4' });
const put = await fetch(upload.upload_url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: readFileSync(video) });
if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
const job = await call('POST', '/v1/clips', `Key ${key}`, { source: { upload_id: upload.upload_id } });
await call('POST', '/v1/webhooks', `Bearer ${jwt}`, { url: 'http://127.0.0.1:9/hook', events: ['post.published'] });
await call('POST', '/v1/platforms', `Bearer ${jwt}`, { platform: 'short_video', connector: 'local', account_name: 'me' });

// A finished job with one clip and its preview, as the pipeline leaves them; drafts are written by the hooks.
const doneJob = newId('job');
const clipId = newId('clip');
const now = clock.now();
await d.app.objects.put(`sources/${doneJob}/source.mp4`, createReadStream(video), { contentType: 'video/mp4' });
await d.app.objects.put(`previews/${doneJob}/${clipId}.mp4`, createReadStream(video), { contentType: 'video/mp4' });
await sql.run(`INSERT INTO clip_jobs (id, team_id, asset_id, status, source_type, language, folder_name, media_key, created_at, updated_at)
  VALUES (?, ?, ?, 'done', 'upload', 'en', 'talk.mp4', ?, ?, ?)`, doneJob, team, newId('asset'), `sources/${doneJob}/source.mp4`, now, now);
const words = ['charge', 'more', 'for', 'your', 'product'].map((w, i) => ({ text: w, start: 0.2 + i * 0.3, end: 0.45 + i * 0.3 }));
await sql.run(`INSERT INTO clips (id, job_id, team_id, rank, start, "end", title, score, score_breakdown, reason, transcript, words, created_at)
  VALUES (?, ?, ?, 1, 0.2, 1.8, 'Charge more', 0.8, ?, 'fixture clip', 'charge more for your product', ?, ?)`,
clipId, doneJob, team, JSON.stringify({ relevance: 0.8, hook: 0.8, energy: 0.5, completeness: 1 }), JSON.stringify(words), now);
await sql.run('UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ?', `previews/${doneJob}/${clipId}.mp4`, now, clipId);
await d.app.store.transaction(async () => {
  const clip = (await d.app.store.clips.byId(clipId))!;
  await d.app.posts.createDrafts(clip); // what the preview-ready hook does
});
const posts = await call('GET', `/v1/clips/${clipId}/posts`, `Key ${key}`);
const post = posts.posts.find((p: { platform: string }) => p.platform === 'short_video');
await call('POST', `/v1/posts/${post.id}/publish`, `Key ${key}`, { scheduled_at: now + 3_600_000 });
if (databaseUrl) await sql.close();
await d.close();
process.stdout.write(JSON.stringify({ team, key, job_id: job.job_id ?? job.id, upload_id: upload.upload_id, clip_id: clipId, post_id: post.id, scheduled_at: now + 3_600_000 }) + '\n');
