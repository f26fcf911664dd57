import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentary } from '../../daemon/resources/platforms/connectors/linkedin/little-text.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import type { FakeRequest } from './fakes/fake-server.js';
import { FakeLinkedIn } from './fakes/linkedin.js';
import { DirectPublish, bigFile, connectOAuth, md5Of } from './harness.js';

let d: TestDaemon;
let li: FakeLinkedIn;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  li = await new FakeLinkedIn().start();
});
afterAll(async () => {
  await li.stop();
  await d.stop();
});
beforeEach(async () => {
  await connectOAuth(d, { platform: 'professional_network', connector: 'linkedin', fake: li });
});

const MiB = 1024 * 1024;
const big = () => bigFile(Math.round(11.5 * MiB));
const post = (fields: ConstructorParameters<typeof DirectPublish>[2] = {}) => new DirectPublish(d, 'professional_network', { file: big(), ...fields });

describe('LinkedIn connector: OAuth 2.0 with PKCE, Videos API and Posts API (issue 15)', () => {
  it('writes the caption in little text: reserved characters escaped, hashtags as templates', () => {
    expect(commentary('Price (really) matters_now, @you* #Pricing #Go_Big')).toBe('Price \\(really\\) matters\\_now, \\@you\\* {hashtag|\\#|Pricing} {hashtag|\\#|Go\\_Big}');
    expect(commentary('No tags here.')).toBe('No tags here.');
  });

  it('connects the member (userinfo) as the author', async () => {
    const conn = (await d.app.store.platforms.get(d.rootTeamId, 'professional_network'))!;
    expect(conn).toMatchObject({ connector: 'linkedin', account_name: 'Fake Member', status: 'active' });
    expect(li.oauth.lastScope).toBe('openid profile w_member_social');
    expect((await d.app.platforms.authFor(conn).credentials()).account).toEqual({ person_urn: 'urn:li:person:Ab12Cd34' });
  });

  it('initializes, PUTs the parts, finalizes with their ETags, waits for AVAILABLE and posts the video with the caption', async () => {
    const before = { videos: li.videos.length, posts: li.posts.length };
    const result = await post({ caption: 'Charge more (seriously). #Pricing' }).run();
    const video = li.videos[before.videos];
    expect(video).toMatchObject({ owner: 'urn:li:person:Ab12Cd34', status: 'AVAILABLE', md5: md5Of(big()) });
    expect(video.parts).toHaveLength(3);
    const p = li.posts[before.posts];
    expect(p.body).toEqual({
      author: 'urn:li:person:Ab12Cd34', commentary: 'Charge more \\(seriously\\). {hashtag|\\#|Pricing}', visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      content: { media: { id: video.urn } }, lifecycleState: 'PUBLISHED', isReshareDisabledByAuthor: false,
    });
    expect(result).toEqual({ externalId: p.id, url: `https://www.linkedin.com/feed/update/${p.id}/` });
  });

  it('after a dropped connection sends only the parts LinkedIn has no ETag for', async () => {
    const before = li.videos.length;
    li.faultOnce(/^\/upload\/.+\/1$/, 'drop', 'PUT');
    const run = post();
    expect(await run.fails()).toMatchObject({ retryable: true });
    expect(JSON.parse(run.resumeState!).etags).toHaveLength(1);
    await run.run();
    expect(li.videos.length - before).toBe(1);
    expect(li.count('PUT', new RegExp(`${encodeURIComponent(li.videos[before].urn)}/0$`))).toBe(1);
    expect(li.videos[before].md5).toBe(md5Of(big()));
  });

  it('never posts twice: a post made before its answer was lost is found by the video it carries', async () => {
    const before = li.posts.length;
    li.faultOnce(/^\/rest\/posts$/, (r: FakeRequest) => {
      (li as unknown as { createPost(r: FakeRequest): unknown }).createPost(r);
      return 'drop';
    }, 'POST');
    const run = post();
    expect(await run.fails()).toMatchObject({ retryable: true });
    expect(JSON.parse(run.resumeState!).phase).toBe('posting');
    const result = await run.run();
    expect(li.posts.length - before).toBe(1);
    expect(result.externalId).toBe(li.posts.at(-1)!.id);
  });

  it('refreshes the 60-day token before it expires', async () => {
    const calls = li.oauth.tokenCalls.length;
    d.clock.advance(60 * 24 * 3600_000);
    await new DirectPublish(d, 'professional_network').run();
    expect(li.oauth.tokenCalls.slice(calls)).toEqual(['refresh_token']);
  });

  it('marks the connection needs_reauth when the member revoked the app', async () => {
    li.oauth.revokeGrant();
    expect(await new DirectPublish(d, 'professional_network').fails()).toMatchObject({ name: 'GrantLostError' });
    expect((await d.app.store.platforms.get(d.rootTeamId, 'professional_network'))!.status).toBe('needs_reauth');
  });

  it('retries a 429 when the daily limit resets (midnight UTC, or Retry-After); 5xx too; a refused post is final', async () => {
    li.faultOnce(/^\/rest\/videos$/, { status: 429, body: { status: 429, message: 'Resource level throttle limit reached' } }, 'POST');
    const now = d.clock.now();
    expect(await new DirectPublish(d, 'professional_network').fails()).toMatchObject({ retryable: true, retryAfterMs: 86_400_000 - (now % 86_400_000), message: expect.stringMatching(/midnight UTC/) });
    li.faultOnce(/^\/rest\/videos$/, { status: 429, headers: { 'retry-after': '30' }, body: { status: 429, message: 'slow down' } }, 'POST');
    expect(await new DirectPublish(d, 'professional_network').fails()).toMatchObject({ retryable: true, retryAfterMs: 30_000 });
    li.faultOnce(/^\/rest\/videos$/, { status: 503, body: { status: 503, message: 'unavailable' } }, 'POST');
    expect(await new DirectPublish(d, 'professional_network').fails()).toMatchObject({ retryable: true });
    li.faultOnce(/^\/rest\/posts$/, { status: 422, body: { status: 422, code: 'UNPROCESSABLE_ENTITY', message: 'commentary too long' } }, 'POST');
    expect(await new DirectPublish(d, 'professional_network').fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/422.*commentary too long/) });
  });

  it('fails the post when LinkedIn cannot process the video', async () => {
    li.failProcessing = true;
    try {
      expect(await new DirectPublish(d, 'professional_network').fails()).toMatchObject({ retryable: false, message: 'LinkedIn could not process the video (Video format is not supported)' });
    } finally {
      li.failProcessing = false;
    }
  });

  it('revokes the token at LinkedIn when disconnected', async () => {
    const before = li.oauth.revocations;
    const r = await d.call('DELETE', '/v1/platforms/professional_network', { auth: `Bearer ${await d.token()}` });
    expect(r.body).toEqual({ platform: 'professional_network', deleted: true, revoked: true });
    expect(li.oauth.revocations - before).toBe(1);
  });
});
