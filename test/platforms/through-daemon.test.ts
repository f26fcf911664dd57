import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_TASK } from '../../daemon/resources/posts/service.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, insertClip, previewReady } from '../publish/helpers.js';
import { FakeInstagram } from './fakes/instagram.js';
import { FakeLinkedIn } from './fakes/linkedin.js';
import { FakeTikTok } from './fakes/tiktok.js';
import { FakeYouTube } from './fakes/youtube.js';
import { connectOAuth } from './harness.js';

// The four connectors behind the publish task (issue 15, items 2 and 3): drafts of a clip,
// published with a fresh render; a revoked grant failing the post with post.failed; a rate
// limit's reset becoming the task's next run.

let d: TestDaemon;
const fakes = { yt: new FakeYouTube(), tt: new FakeTikTok(), ig: new FakeInstagram(), li: new FakeLinkedIn() };
beforeAll(async () => {
  // Face tracking off: publishing through the platforms is checked here; framing a render is proven in test/framing/follow.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  await Promise.all(Object.values(fakes).map((f) => f.start()));
  await connectOAuth(d, { platform: 'long_video', connector: 'youtube', fake: fakes.yt });
  await connectOAuth(d, { platform: 'short_video', connector: 'tiktok', fake: fakes.tt });
  await connectOAuth(d, { platform: 'photo_sharing', connector: 'instagram', fake: fakes.ig });
  await connectOAuth(d, { platform: 'professional_network', connector: 'linkedin', fake: fakes.li });
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((f) => f.stop()));
  await d.stop();
});

async function drafts() {
  const clipId = await insertClip(d, { script: SHORT });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey()}`;
  const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts as Array<{ id: string; platform: string; caption: string; title?: string }>;
  return { auth, byPlatform: Object.fromEntries(posts.map((p) => [p.platform, p])) };
}

const events = async (type: string) => (await d.app.store.events.readAfter(0, 10_000)).filter((e) => e.type === type);

describe('publishing drafts to the four platforms through the daemon', () => {
  it('writes a draft per connected platform and publishes each with its fields and a fresh render', async () => {
    const { auth, byPlatform } = await drafts();
    expect(Object.keys(byPlatform).sort()).toEqual(['long_video', 'photo_sharing', 'professional_network', 'short_video']);
    for (const p of Object.values(byPlatform)) expect((await d.call('POST', `/v1/posts/${p.id}/publish`, { auth })).status).toBe(200);
    await d.processAll();
    const got = Object.fromEntries(await Promise.all(Object.values(byPlatform).map(async (p) => [p.platform, (await d.app.posts.repo.byId(p.id))!] as const)));
    const yt = fakes.yt.videos.at(-1)!;
    expect(got.long_video).toMatchObject({ status: 'published', published_url: `https://www.youtube.com/watch?v=${yt.id}` });
    expect(yt.metadata.snippet).toMatchObject({ title: byPlatform.long_video.title, description: byPlatform.long_video.caption, categoryId: '22' });
    expect(got.short_video).toMatchObject({ status: 'published', published_url: 'https://www.tiktok.com/@fakecreator' });
    expect(fakes.tt.publishes.at(-1)!.status).toBe('SEND_TO_USER_INBOX');
    expect(got.photo_sharing).toMatchObject({ status: 'published', published_url: expect.stringMatching(/^https:\/\/www\.instagram\.com\/reel\//) });
    expect(fakes.ig.containers.at(-1)!.caption).toBe(byPlatform.photo_sharing.caption);
    expect(got.professional_network).toMatchObject({ status: 'published', published_url: `https://www.linkedin.com/feed/update/${fakes.li.posts.at(-1)!.id}/` });
    expect((await events('post.published')).map((e) => (e.data as { platform: string }).platform).sort()).toEqual(['long_video', 'photo_sharing', 'professional_network', 'short_video']);
    // Every payload stays free of tokens.
    const creds = await d.app.platforms.authFor((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!).credentials();
    expect(JSON.stringify(await d.app.store.events.readAfter(0, 10_000))).not.toContain(creds.access_token);
  }, 300_000); // four fresh 1080x1920 renders, one after another: minutes on a loaded 2-core machine

  it('waits for the reset a rate limit names before trying again', async () => {
    const { auth, byPlatform } = await drafts();
    fakes.tt.faultOnce(/inbox\/video\/init/, { status: 429, headers: { 'retry-after': '90' }, body: { error: { code: 'rate_limit_exceeded', message: 'Too many requests', log_id: 'x' } } });
    await d.call('POST', `/v1/posts/${byPlatform.short_video.id}/publish`, { auth });
    const now = d.clock.now();
    await d.processAll();
    const task = (await d.app.store.tasks.active(PUBLISH_TASK, byPlatform.short_video.id))!;
    expect(task).toMatchObject({ status: 'pending', run_at: now + 90_000, last_error: expect.stringMatching(/rate_limit_exceeded/) });
    expect((await d.app.posts.repo.byId(byPlatform.short_video.id))!.status).toBe('uploading');
    d.clock.advance(90_000);
    await d.processAll();
    expect((await d.app.posts.repo.byId(byPlatform.short_video.id))!.status).toBe('published');
  }, 300_000); // a fresh render before the platform answers: minutes on a loaded machine

  it('fails the post with post.failed when the grant was revoked, shows needs_reauth, and refuses to queue more until reconnected', async () => {
    const { auth, byPlatform } = await drafts();
    const failedBefore = (await events('post.failed')).length;
    fakes.li.oauth.revokeGrant();
    await d.call('POST', `/v1/posts/${byPlatform.professional_network.id}/publish`, { auth });
    await d.processAll();
    const post = (await d.app.posts.repo.byId(byPlatform.professional_network.id))!;
    expect(post).toMatchObject({ status: 'failed', error: expect.stringMatching(/LinkedIn no longer accepts this connection.s grant \(invalid_grant.*Connect the account again: clipper platforms connect professional_network --connector linkedin/) });
    expect((await events('post.failed')).slice(failedBefore).map((e) => e.data)).toEqual([expect.objectContaining({ post_id: post.id, platform: 'professional_network', error: post.error })]);
    const list = await d.call('GET', '/v1/platforms', { auth: `Bearer ${await d.token()}` });
    expect(list.body.platforms.find((p: { platform: string }) => p.platform === 'professional_network')).toMatchObject({ status: 'needs_reauth' });

    const next = await drafts();
    const refused = await d.call('POST', `/v1/posts/${next.byPlatform.professional_network.id}/publish`, { auth });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: expect.stringMatching(/No active connection for professional_network/) } } });
    // Connecting again makes it active, and the draft publishes.
    await connectOAuth(d, { platform: 'professional_network', connector: 'linkedin', fake: fakes.li });
    expect((await d.call('POST', `/v1/posts/${next.byPlatform.professional_network.id}/publish`, { auth })).status).toBe(200);
    await d.processAll();
    expect((await d.app.posts.repo.byId(next.byPlatform.professional_network.id))!.status).toBe('published');
  }, 300_000); // a fresh render before the platform answers: minutes on a loaded machine
});
