import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import type { FakeRequest } from './fakes/fake-server.js';
import { FakeInstagram } from './fakes/instagram.js';
import { DirectPublish, connectOAuth, md5Of } from './harness.js';

let d: TestDaemon;
let ig: FakeInstagram;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  ig = await new FakeInstagram().start();
});
afterAll(async () => {
  await ig.stop();
  await d.stop();
});
beforeEach(async () => {
  await connectOAuth(d, { platform: 'photo_sharing', connector: 'instagram', fake: ig });
});

const reel = (caption = `A reel ${Math.random().toString(36).slice(2)} #Pricing`) => new DirectPublish(d, 'photo_sharing', { caption });

describe('Instagram connector: Facebook Login with PKCE, reels through a resumable media container (issue 15)', () => {
  it('connects the Page\'s Instagram business account and publishes with the Page token', async () => {
    const conn = (await d.app.store.platforms.get(d.rootTeamId, 'photo_sharing'))!;
    expect(conn).toMatchObject({ connector: 'instagram', account_name: '@fakegram', status: 'active' });
    expect(ig.oauth.lastScope).toBe('instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,business_management');
    const creds = await d.app.platforms.authFor(conn).credentials();
    expect(creds.account).toMatchObject({ ig_user_id: ig.igUser, page_id: '1000000002', username: 'fakegram' });
    expect(creds.access_token).not.toBe(creds.account!.user_token);
    expect(creds.expires_at).toBeUndefined(); // a Page token does not expire
  });

  it('makes a REELS container with the caption, uploads the file, waits for FINISHED, publishes and links the permalink', async () => {
    const before = { containers: ig.containers.length, media: ig.media.length };
    const run = reel('Pricing is a signal. #Pricing #Startups');
    const result = await run.run();
    const c = ig.containers[before.containers];
    expect(c).toMatchObject({ caption: 'Pricing is a signal. #Pricing #Startups', status_code: 'PUBLISHED', uploads: 1, md5: md5Of(run.file) });
    expect(ig.media.length - before.media).toBe(1);
    expect(result).toEqual({ externalId: c.media_id, url: `https://www.instagram.com/reel/${c.media_id!.slice(-8)}/` });
  });

  it('sends the file again into the same container after a dropped connection', async () => {
    const before = { containers: ig.containers.length, media: ig.media.length };
    ig.dropNextUpload = true;
    const run = reel();
    expect(await run.fails()).toMatchObject({ retryable: true });
    await run.run();
    expect(ig.containers.length - before.containers).toBe(1);
    expect(ig.containers.at(-1)).toMatchObject({ uploads: 2, status_code: 'PUBLISHED' });
    expect(ig.media.length - before.media).toBe(1);
  });

  it('never publishes twice: a container found PUBLISHED after a lost answer gives the reel it made', async () => {
    const before = ig.media.length;
    ig.faultOnce(/media_publish$/, (r: FakeRequest) => {
      (ig as unknown as { publish(r: FakeRequest): unknown }).publish(r);
      return 'drop';
    });
    const run = reel();
    expect(await run.fails()).toMatchObject({ retryable: true });
    expect(JSON.parse(run.resumeState!)).toMatchObject({ phase: 'publishing' });
    const result = await run.run();
    expect(ig.media.length - before).toBe(1);
    expect(result.externalId).toBe(ig.media.at(-1)!.id);
  });

  it('marks the connection needs_reauth when the grant was revoked (error 190)', async () => {
    ig.oauth.revokeGrant();
    const err = await reel().fails();
    expect(err).toMatchObject({ name: 'GrantLostError', message: expect.stringMatching(/Instagram answered 400.*clipper platforms connect photo_sharing --connector instagram/) });
    expect((await d.app.store.platforms.get(d.rootTeamId, 'photo_sharing'))!.status).toBe('needs_reauth');
  });

  it('waits out a throttle for the time Meta names; the 24-hour post quota and 31 hashtags are final', async () => {
    ig.faultOnce(/\/media$/, { status: 400, headers: { 'x-business-use-case-usage': JSON.stringify({ '1000000002': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 7 }] }) }, body: { error: { code: 80002, message: 'too many calls', type: 'OAuthException' } } }, 'POST');
    expect(await reel().fails()).toMatchObject({ retryable: true, retryAfterMs: 7 * 60_000 });
    ig.postsToday = 100;
    try {
      expect(await reel().fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/100 posts of the last 24 hours/) });
    } finally {
      ig.postsToday = 0;
    }
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    expect(await reel(tags).fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/at most 30 hashtags/) });
  });

  it('fails the post with Instagram\'s words when processing ends in ERROR', async () => {
    ig.failProcessing = true;
    try {
      expect(await reel().fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/could not process the reel.*2207026/) });
    } finally {
      ig.failProcessing = false;
    }
  });

  it('deletes the app\'s permissions when disconnected', async () => {
    const before = ig.oauth.revocations;
    const r = await d.call('DELETE', '/v1/platforms/photo_sharing', { auth: `Bearer ${await d.token()}` });
    expect(r.body).toEqual({ platform: 'photo_sharing', deleted: true, revoked: true });
    expect(ig.oauth.revocations - before).toBe(1);
  });
});
