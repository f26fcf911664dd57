import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { FakeTikTok } from './fakes/tiktok.js';
import { DirectPublish, bigFile, connectOAuth, md5Of } from './harness.js';

let d: TestDaemon;
let tt: FakeTikTok;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  tt = await new FakeTikTok().start();
});
afterAll(async () => {
  await tt.stop();
  await d.stop();
});

const MiB = 1024 * 1024;
const inbox = () => connectOAuth(d, { platform: 'short_video', connector: 'tiktok', fake: tt, settings: { chunk_bytes: 5 * MiB } });
const direct = () => connectOAuth(d, { platform: 'short_video', connector: 'tiktok', fake: tt, settings: { chunk_bytes: 5 * MiB, post_mode: 'direct' } });
const big = () => bigFile(Math.round(11.5 * MiB));
const publish = (fields: ConstructorParameters<typeof DirectPublish>[2] = {}) => new DirectPublish(d, 'short_video', { file: big(), ...fields });

describe('TikTok connector: Login Kit for Desktop, Content Posting API (issue 15)', () => {
  it('connects with a hex PKCE challenge and the inbox scopes by default; @username names the account', async () => {
    const conn = await inbox();
    expect(conn).toMatchObject({ connector: 'tiktok', account_name: '@fakecreator', status: 'active' });
    expect(tt.oauth.lastScope).toBe('user.info.basic,user.info.profile,video.upload');
    await direct();
    expect(tt.oauth.lastScope).toBe('user.info.basic,user.info.profile,video.upload,video.publish');
  });

  it('sends the video to the creator\'s inbox in ordered chunks under the documented rules, then waits for SEND_TO_USER_INBOX', async () => {
    await inbox();
    const before = tt.publishes.length;
    const result = await publish().run();
    const p = tt.publishes[before];
    expect(p).toMatchObject({ mode: 'inbox', status: 'SEND_TO_USER_INBOX', source_info: { video_size: Math.round(11.5 * MiB), chunk_size: 5 * MiB, total_chunk_count: 2 } });
    expect(p.post_info).toBeUndefined();
    expect(p.chunks.map((c) => c.length)).toEqual([5 * MiB, Math.round(11.5 * MiB) - 5 * MiB]);
    expect(p.md5).toBe(md5Of(big()));
    expect(result).toEqual({ externalId: p.publish_id, url: 'https://www.tiktok.com/@fakecreator' });
    // A video under 5 MB goes up whole, as one chunk.
    const small = new DirectPublish(d, 'short_video');
    await small.run();
    expect(tt.publishes.at(-1)!.source_info).toMatchObject({ total_chunk_count: 1, chunk_size: tt.publishes.at(-1)!.source_info.video_size });
  });

  it('posts directly with the post\'s settings, refusing a privacy level the unaudited app may not use', async () => {
    await direct();
    const refused = await publish({ settings: { privacy_level: 'PUBLIC_TO_EVERYONE' } }).fails();
    expect(refused).toMatchObject({ retryable: false, message: expect.stringMatching(/only as SELF_ONLY, not PUBLIC_TO_EVERYONE.*post_mode=inbox/) });
    const before = tt.publishes.length;
    expect(await publish({ settings: { privacy_level: 'SELF_ONLY', brand_content_toggle: true } }).fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/branded content .* private/) });
    const settings = { privacy_level: 'SELF_ONLY', disable_comment: true, disable_duet: false, disable_stitch: false, brand_content_toggle: false, brand_organic_toggle: true };
    const result = await publish({ settings, caption: 'Charge more. #Pricing' }).run();
    expect(tt.publishes.length - before).toBe(1);
    expect(tt.publishes[before].post_info).toEqual({
      title: 'Charge more. #Pricing', privacy_level: 'SELF_ONLY', video_cover_timestamp_ms: 1000,
      disable_comment: true, disable_duet: true /* the creator turned duets off */, disable_stitch: false, brand_content_toggle: false, brand_organic_toggle: true,
    });
    expect(result.url).toBe('https://www.tiktok.com/@fakecreator'); // private: no public page
    tt.audited = true;
    try {
      const pub = await publish({ settings: { privacy_level: 'PUBLIC_TO_EVERYONE' } }).run();
      expect(pub.url).toMatch(/^https:\/\/www\.tiktok\.com\/@fakecreator\/video\/73\d+$/);
      // Issue 27, item 5: the 64-bit id TikTok sends as a JSON number, digit for digit (above 2^53).
      const postId = tt.publishes.at(-1)!.post_id!;
      expect(postId > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(pub).toEqual({ externalId: String(postId), url: `https://www.tiktok.com/@fakecreator/video/${postId}` });
    } finally {
      tt.audited = false;
    }
  });

  it('goes on from uploaded_bytes after a dropped connection, in the same publish', async () => {
    await inbox();
    const before = tt.publishes.length;
    tt.dropOnChunk = tt.chunkPuts + 1;
    const run = publish();
    expect(await run.fails()).toMatchObject({ retryable: true });
    expect(JSON.parse(run.resumeState!)).toMatchObject({ publish_id: tt.publishes[before].publish_id, mode: 'inbox' });
    expect(tt.publishes[before].received).toBe(5 * MiB);
    await run.run();
    expect(tt.publishes.length - before).toBe(1);
    expect(tt.publishes[before].chunks).toHaveLength(2);
    expect(tt.publishes[before].md5).toBe(md5Of(big()));
  });

  it('refreshes (rotating refresh tokens) before the 24-hour token expires', async () => {
    await inbox();
    const calls = tt.oauth.tokenCalls.length;
    d.clock.advance(24 * 3600_000);
    await new DirectPublish(d, 'short_video').run();
    d.clock.advance(24 * 3600_000);
    await new DirectPublish(d, 'short_video').run();
    expect(tt.oauth.tokenCalls.slice(calls)).toEqual(['refresh_token', 'refresh_token']);
  });

  it('marks the connection needs_reauth when the user revoked the app', async () => {
    await inbox();
    tt.oauth.revokeGrant();
    expect(await new DirectPublish(d, 'short_video').fails()).toMatchObject({ name: 'GrantLostError' });
    expect(await d.app.store.platforms.get(d.rootTeamId, 'short_video')).toMatchObject({ status: 'needs_reauth', status_reason: expect.stringMatching(/access_token_invalid|invalid_grant/) });
  });

  it('retries a rate limit after a minute when TikTok names no reset; a daily cap is final', async () => {
    await inbox();
    tt.faultOnce(/inbox\/video\/init/, { status: 429, body: { error: { code: 'rate_limit_exceeded', message: 'Too many requests', log_id: 'x' } } });
    expect(await new DirectPublish(d, 'short_video').fails()).toMatchObject({ retryable: true, retryAfterMs: 60_000 });
    tt.faultOnce(/inbox\/video\/init/, { status: 429, headers: { 'retry-after': '7' }, body: { error: { code: 'rate_limit_exceeded', message: 'slow down', log_id: 'x' } } });
    expect(await new DirectPublish(d, 'short_video').fails()).toMatchObject({ retryable: true, retryAfterMs: 7000 });
    tt.faultOnce(/inbox\/video\/init/, { status: 403, body: { error: { code: 'spam_risk_too_many_posts', message: 'daily cap', log_id: 'x' } } });
    expect(await new DirectPublish(d, 'short_video').fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/daily post cap/) });
  });

  it('fails the post with TikTok\'s reason when processing fails', async () => {
    await inbox();
    tt.failProcessing = true;
    try {
      expect(await new DirectPublish(d, 'short_video').fails()).toMatchObject({ retryable: false, message: 'TikTok could not publish the video (file_format_check_failed)' });
    } finally {
      tt.failProcessing = false;
    }
  });

  it('revokes the token at TikTok when disconnected', async () => {
    await inbox();
    const before = tt.oauth.revocations;
    const r = await d.call('DELETE', '/v1/platforms/short_video', { auth: `Bearer ${await d.token()}` });
    expect(r.body).toEqual({ platform: 'short_video', deleted: true, revoked: true });
    expect(tt.oauth.revocations - before).toBe(1);
  });
});
