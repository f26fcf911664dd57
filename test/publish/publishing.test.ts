import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { ConnectorError, type Connector } from '../../daemon/resources/platforms/connectors/connector.js';
import { PLATFORMS } from '../../src/api/events.js';
import { SHORT, connect, insertClip, previewReady, probe } from './helpers.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let d: TestDaemon;
beforeAll(async () => {
  // Face tracking off: publishing is checked here; framing a render is proven in test/framing/follow.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
});
afterAll(() => d.stop());

const MIN5 = 5 * 60_000;

async function draft(platform = 'short_video', connector = 'local') {
  const team = await d.createTeam('pub');
  await connect(d, platform, team, connector);
  const clipId = await insertClip(d, { teamId: team, script: SHORT });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey(team)}`;
  const post = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts[0];
  return { team, auth, clipId, post, id: post.id as string };
}
const status = async (id: string) => (await d.app.posts.repo.byId(id))!.status;
const typesFor = async (team: string) => (await d.app.store.events.readAfter(0, 10_000, team)).map((e) => e.type).filter((t) => t.startsWith('post.'));

describe('publishing now (spec "Post": draft -> queued -> ... -> published)', () => {
  it('queues, renders afresh, publishes through the local connector and serves the public page', async () => {
    const { team, auth, id, clipId } = await draft();
    const r = await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    expect(r.status).toBe(200);
    expect(r.body.post).toMatchObject({ id, status: 'queued' });
    expect(r.body.post).not.toHaveProperty('scheduled_at');
    await d.processAll();
    const post = (await d.call('GET', `/v1/posts/${id}`, { auth })).body.post;
    expect(post).toMatchObject({ status: 'published', published_at: d.clock.now(), published_url: `${d.url}/p/${id}` });
    expect(post).not.toHaveProperty('error');
    const published = (await d.app.store.events.readAfter(0, 10_000, team)).filter((e) => e.type === 'post.published');
    expect(published.map((e) => e.data)).toEqual([{ post_id: id, clip_id: clipId, platform: 'short_video', team_id: team, published_url: post.published_url }]);

    const page = await request(post.published_url);
    expect(page.statusCode).toBe(200);
    const html = await page.body.text();
    expect(html).toContain(`<video src="/p/${id}/video.mp4"`);
    expect(html).toContain(post.caption.split('\n')[0].replace(/'/g, '&#39;'));
    const video = await request(`${post.published_url}/video.mp4`);
    expect(video.statusCode).toBe(200);
    const file = join(d.dataDir, 'check.mp4');
    writeFileSync(file, Buffer.from(await video.body.arrayBuffer()));
    const info = probe(file);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    const part = await request(`${post.published_url}/video.mp4`, { headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect((await part.body.arrayBuffer()).byteLength).toBe(100);
    // The work copy of the publish render is gone; the connector keeps its own.
    expect(d.app.localConnector.read(id)).toMatchObject({ post_id: id, caption: post.caption });
    expect((await request(`${d.url}/p/post_unknown`)).statusCode).toBe(404);
  });

  it('refuses a post that is not a draft, and a platform with no active connection, with 400', async () => {
    const { auth, id, team } = await draft('photo_sharing');
    const jwt = `Bearer ${await d.token(team)}`;
    expect((await d.call('DELETE', '/v1/platforms/photo_sharing', { auth: jwt })).status).toBe(200);
    const r = await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatchObject({ field: 'platform' });
    expect(await status(id)).toBe('draft');
    await connect(d, 'photo_sharing', team);
    expect((await d.call('POST', `/v1/posts/${id}/publish`, { auth })).body.post.status).toBe('queued');
    const again = await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    expect(again.status).toBe(400);
    expect(again.body.error.details).toMatchObject({ field: 'status', status: 'queued' });
  });
});

describe('scheduling (spec: scheduled_at at least 5 minutes ahead)', () => {
  it('schedules at exactly 5 minutes ahead with post.scheduled, and refuses 1 ms less', async () => {
    const { auth, id, team, clipId } = await draft();
    const early = await d.call('POST', `/v1/posts/${id}/publish`, { auth, body: { scheduled_at: d.clock.now() + MIN5 - 1 } });
    expect(early.status).toBe(400);
    expect(early.body.error.details).toMatchObject({ field: 'scheduled_at' });
    expect(await status(id)).toBe('draft');
    const at = d.clock.now() + MIN5;
    const r = await d.call('POST', `/v1/posts/${id}/publish`, { auth, body: { scheduled_at: at } });
    expect(r.status).toBe(200);
    expect(r.body.post).toMatchObject({ status: 'scheduled', scheduled_at: at });
    const ev = (await d.app.store.events.readAfter(0, 10_000, team)).filter((e) => e.type === 'post.scheduled');
    expect(ev.map((e) => e.data)).toEqual([{ post_id: id, clip_id: clipId, platform: 'short_video', team_id: team, scheduled_at: at }]);

    d.clock.set(at - 1);
    await d.processAll();
    expect(await status(id)).toBe('scheduled');
    d.clock.set(at);
    await d.processAll();
    expect(await status(id)).toBe('published');
    expect(await typesFor(team)).toEqual(['post.draft.created', 'post.scheduled', 'post.published']);
  });

  it.each([
    ['in the past', (now: number) => now - 1000],
    ['now', (now: number) => now],
    ['4 minutes ahead', (now: number) => now + 4 * 60_000],
    ['not whole milliseconds', (now: number) => now + MIN5 * 2 + 0.5],
    ['a string', (now: number) => String(now + MIN5 * 2)],
  ])('refuses scheduled_at %s with 400', async (_name, at) => {
    const { auth, id } = await draft();
    const r = await d.call('POST', `/v1/posts/${id}/publish`, { auth, body: { scheduled_at: at(d.clock.now()) } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(await status(id)).toBe('draft');
  });
});

describe('cancel (DESIGN.md: from draft, scheduled and queued; refused from processing on)', () => {
  it.each(['draft', 'scheduled', 'queued'])('cancels a %s post, which is then never published', async (state) => {
    const { auth, id, team } = await draft();
    if (state === 'scheduled') await d.call('POST', `/v1/posts/${id}/publish`, { auth, body: { scheduled_at: d.clock.now() + MIN5 } });
    if (state === 'queued') await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    expect(await status(id)).toBe(state);
    const r = await d.call('POST', `/v1/posts/${id}/cancel`, { auth });
    expect(r.status).toBe(200);
    expect(r.body.post).toMatchObject({ id, status: 'cancelled' });
    d.clock.advance(MIN5 + 1);
    await d.processAll();
    expect(await status(id)).toBe('cancelled');
    expect(d.app.localConnector.read(id)).toBeUndefined();
    expect(await typesFor(team)).not.toContain('post.published');
    d.clock.advance(-MIN5 - 1);
  });

  it('refuses to cancel once processing, uploading, published, failed or cancelled, and changes nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const reached: string[] = [];
    const gated: Connector = {
      name: 'gated',
      platforms: PLATFORMS,
      async publish(req) {
        reached.push(req.postId);
        await gate;
        return d.app.localConnector.publish(req);
      },
    };
    d.app.connectors.register(gated);
    const { auth, id } = await draft('short_video', 'gated');
    await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    const running = d.processAll();
    const refuse = async (expected: string) => {
      const before = await d.app.posts.repo.byId(id);
      const r = await d.call('POST', `/v1/posts/${id}/cancel`, { auth });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toMatchObject({ field: 'status', status: expected });
      expect(await d.app.posts.repo.byId(id)).toEqual(before);
    };
    while (await status(id) !== 'processing') await new Promise((r) => setTimeout(r, 10));
    await refuse('processing');
    while (!reached.includes(id)) await new Promise((r) => setTimeout(r, 10));
    expect(await status(id)).toBe('uploading');
    await refuse('uploading');
    release();
    await running;
    expect(await status(id)).toBe('published');
    await refuse('published');

    const cancelled = await draft();
    await d.call('POST', `/v1/posts/${cancelled.id}/cancel`, { auth: cancelled.auth });
    const again = await d.call('POST', `/v1/posts/${cancelled.id}/cancel`, { auth: cancelled.auth });
    expect(again.status).toBe(400);
    expect(again.body.error.details.status).toBe('cancelled');
  });
});

describe('failures (spec: publish fails permanently -> failed, error, post.failed)', () => {
  it('fails at once on a permanent connector error', async () => {
    d.app.connectors.register({ name: 'refusing', platforms: PLATFORMS, publish: async () => { throw new ConnectorError('video is too short for this platform', false); } });
    const { auth, id, team, clipId } = await draft('long_video', 'refusing');
    await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    await d.processAll();
    const post = (await d.call('GET', `/v1/posts/${id}`, { auth })).body.post;
    expect(post).toMatchObject({ status: 'failed', error: 'video is too short for this platform' });
    expect(post).not.toHaveProperty('published_url');
    const failed = (await d.app.store.events.readAfter(0, 10_000, team)).filter((e) => e.type === 'post.failed');
    expect(failed.map((e) => e.data)).toEqual([{ post_id: id, clip_id: clipId, platform: 'long_video', team_id: team, error: 'video is too short for this platform' }]);
    expect((await d.app.posts.repo.attempts(id)).map((a) => a.status)).toEqual(['failed']);
    const cancel = await d.call('POST', `/v1/posts/${id}/cancel`, { auth });
    expect(cancel.status).toBe(400);
  });

  it('retries a retryable error with backoff, then fails for good with post.failed', async () => {
    let calls = 0;
    d.app.connectors.register({ name: 'flaky', platforms: PLATFORMS, publish: async () => { calls++; throw new ConnectorError('platform answered 503', true); } });
    const { auth, id, team } = await draft('professional_network', 'flaky');
    await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    await d.processAll();
    expect(calls).toBe(1);
    expect(await status(id)).toBe('uploading');
    for (let i = 0; i < 3; i++) {
      d.clock.advance(10 * 60_000);
      await d.processAll();
    }
    expect(calls).toBe(4);
    expect(await status(id)).toBe('failed');
    expect((await typesFor(team)).filter((t) => t === 'post.failed')).toHaveLength(1);
    // One attempt, resumed on each retry: it was recorded once, before the first call.
    expect(await d.app.posts.repo.attempts(id)).toHaveLength(1);
  });
});
