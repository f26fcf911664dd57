import { expect } from 'vitest';
import type { ManualClock } from '../../daemon/clock.js';
import type { TestDaemon } from '../helpers/daemon.js';

/** What scripts/upgrade-fixture/make.mjs wrote beside the old release's data (fixture.json). */
export interface UpgradeFixture {
  commit: string;
  team: string;
  key: string;
  job_id: string;
  upload_id: string;
  post_id: string;
  clip_id: string;
  scheduled_at: number;
}

/**
 * Issue 31, item 5, for either engine: the daemon `d` opened a fixture of the previous release.
 * Intact: the key, the upload (`stored` reads its row: object key and ETag), the queued job, the
 * scheduled post, the webhook. Resumed: the job's pending task runs; the post publishes when due, once.
 */
export async function expectUpgraded(d: TestDaemon, made: UpgradeFixture, clock: ManualClock, stored: () => Promise<{ object_key: string; etag: string }>): Promise<void> {
  const auth = `Key ${made.key}`;
  expect((await d.call('GET', '/v1/ping', { auth })).status).toBe(200);
  const upload = (await d.call('GET', `/v1/uploads/${made.upload_id}`, { auth })).body;
  expect(upload).toMatchObject({ upload_id: made.upload_id, status: 'complete' });
  const row = await stored();
  expect((await d.app.objects.stat(row.object_key))?.etag).toBe(row.etag);
  expect((await d.call('GET', `/v1/clips/${made.job_id}`, { auth })).body.status).toBe('queued');
  expect((await d.call('GET', `/v1/posts/${made.post_id}`, { auth })).body.post).toMatchObject({ status: 'scheduled', scheduled_at: made.scheduled_at });
  expect((await d.call('GET', '/v1/webhooks', { auth: `Bearer ${await d.token()}` })).body.webhooks).toHaveLength(1);

  await d.processAll();
  const job = (await d.call('GET', `/v1/clips/${made.job_id}`, { auth })).body;
  expect(job.status, JSON.stringify(job)).toBe('done');
  expect((await d.app.posts.repo.byId(made.post_id))!.status).toBe('scheduled');
  clock.set(made.scheduled_at + 60_000);
  for (let i = 0; i < 20 && (await d.app.posts.repo.byId(made.post_id))!.status !== 'published'; i++) await d.processAll();
  expect((await d.app.posts.repo.byId(made.post_id))!.status).toBe('published');
  expect(d.app.localConnector.log().filter((l) => l.post_id === made.post_id)).toHaveLength(1);
}
