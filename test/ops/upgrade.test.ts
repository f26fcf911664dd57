import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { MIGRATION_LEVEL } from '../../src/cli/version.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

// Issue 31, item 5: a data dir made by the previous release (commit a5ba9a9, by its own code:
// scripts/upgrade-fixture/make.mjs) opens under this one with every job, upload and post intact,
// and its pending tasks run: the queued clip job is processed, the scheduled post published once.

const FIXTURE = 'fixtures/upgrade/a5ba9a9.tar.gz';
const dataDir = mkdtempSync(join(tmpdir(), 'clipper-upgrade-'));
let d: TestDaemon | undefined;
afterAll(async () => {
  await d?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('upgrading a data dir of the previous release', () => {
  it('keeps every job, upload and post, migrates to this level and resumes pending tasks', async () => {
    execFileSync('tar', ['-xzf', FIXTURE, '-C', dataDir]);
    const made = JSON.parse(readFileSync(join(dataDir, 'fixture.json'), 'utf8')) as { commit: string; key: string; job_id: string; upload_id: string; post_id: string; clip_id: string; scheduled_at: number };
    expect(made.commit).toMatch(/^a5ba9a9/);
    const clock = new ManualClock(made.scheduled_at - 30 * 60_000);
    d = await startTestDaemon({ dataDir, clock, settings: { limits: { requests_per_minute: 100_000 }, transcription: { engine: 'none' } } });
    const auth = `Key ${made.key}`;
    expect(d.app.db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(MIGRATION_LEVEL.sqlite);

    // Intact: the key, the upload (with its ETag), the job, the clip, the scheduled post, the webhook.
    expect((await d.call('GET', '/v1/ping', { auth })).status).toBe(200);
    const upload = (await d.call('GET', `/v1/uploads/${made.upload_id}`, { auth })).body;
    expect(upload).toMatchObject({ upload_id: made.upload_id, status: 'complete' });
    const stored = d.app.db.prepare('SELECT object_key, etag FROM uploads WHERE id = ?').get(made.upload_id) as { object_key: string; etag: string };
    expect((await d.app.objects.stat(stored.object_key))?.etag).toBe(stored.etag);
    expect((await d.call('GET', `/v1/clips/${made.job_id}`, { auth })).body.status).toBe('queued');
    expect((await d.call('GET', `/v1/posts/${made.post_id}`, { auth })).body.post).toMatchObject({ status: 'scheduled', scheduled_at: made.scheduled_at });
    expect((await d.call('GET', '/v1/webhooks', { auth: `Bearer ${await d.token()}` })).body.webhooks).toHaveLength(1);

    // Resumed: the job's pending task runs; the post publishes when due, once.
    await d.processAll();
    const job = (await d.call('GET', `/v1/clips/${made.job_id}`, { auth })).body;
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect((await d.app.posts.repo.byId(made.post_id))!.status).toBe('scheduled');
    clock.set(made.scheduled_at + 60_000);
    for (let i = 0; i < 20 && (await d.app.posts.repo.byId(made.post_id))!.status !== 'published'; i++) await d.processAll();
    expect((await d.app.posts.repo.byId(made.post_id))!.status, JSON.stringify(d.app.db.prepare('SELECT kind, status, last_error FROM tasks').all())).toBe('published');
    expect(d.app.localConnector.log().filter((l) => l.post_id === made.post_id)).toHaveLength(1);
  }, 180_000);
});
