import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { FakeYouTube } from './fakes/youtube.js';
import { DirectPublish, connectOAuth } from './harness.js';

let d: TestDaemon;
let yt: FakeYouTube;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  yt = await new FakeYouTube().start();
});
afterAll(async () => {
  await yt.stop();
  await d.stop();
});
beforeEach(async () => {
  await connectOAuth(d, { platform: 'long_video', connector: 'youtube', fake: yt, settings: { chunk_bytes: 262144 } });
});

const md5 = (file: string) => createHash('md5').update(readFileSync(file)).digest('hex');

describe('YouTube connector: OAuth 2.0 with PKCE, videos.insert over the resumable protocol (issue 15)', () => {
  it('connects with the channel as the account and keeps the tokens sealed: never in a response or in the database in clear', async () => {
    const list = await d.call('GET', '/v1/platforms', { auth: `Bearer ${await d.token()}` });
    const conn = list.body.platforms.find((p: { platform: string }) => p.platform === 'long_video');
    expect(conn).toMatchObject({ connector: 'youtube', account_name: '@fakechannel', status: 'active' });
    expect(Object.keys(conn.settings).sort()).toEqual(['api_base_url', 'chunk_bytes', 'oauth_base_url', 'poll_ms']);
    expect(yt.oauth.lastScope).toBe('https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly');
    const creds = await d.app.platforms.authFor((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!).credentials();
    expect(creds).toMatchObject({ client_id: yt.oauth.clientId, account: { channel_id: 'UCfakechannel0001' } });
    expect(JSON.stringify(list.body)).not.toContain(creds.access_token);
    const db = readFileSync(join(d.dataDir, 'clipper.db')).toString('latin1') + readFileSync(join(d.dataDir, 'clipper.db-wal')).toString('latin1');
    for (const secret of [creds.access_token, creds.refresh_token!, yt.oauth.clientSecret]) expect(db).not.toContain(secret);
  });

  it('uploads in 256 KiB-multiple chunks with the metadata, waits for processing, and gives the watch URL', async () => {
    const before = yt.videos.length;
    const run = new DirectPublish(d, 'long_video', { title: 'Charge <more> for it', settings: { category_id: '27' } });
    const result = await run.run();
    const video = yt.videos[before];
    expect(yt.videos).toHaveLength(before + 1);
    expect(result).toEqual({ externalId: video.id, url: `https://www.youtube.com/watch?v=${video.id}` });
    expect(video.metadata).toEqual({
      snippet: { title: 'Charge more for it', description: 'Pricing is the strongest signal of value. #Pricing #Startups', tags: ['Pricing', 'Startups'], categoryId: '27' },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });
    expect({ size: video.size, md5: video.md5 }).toEqual({ size: readFileSync(run.file).length, md5: md5(run.file) });
    expect(video.size).toBeGreaterThan(4 * 262144);
    expect(video.uploadStatus).toBe('processed');
  });

  it('resumes the same session after a dropped connection, without a second video', async () => {
    const before = { videos: yt.videos.length, sessions: yt.uploads.opened };
    yt.uploads.dropOnChunk = yt.uploads.chunkPuts + 2;
    const run = new DirectPublish(d, 'long_video');
    const dropped = await run.fails();
    expect(dropped).toMatchObject({ retryable: true, message: expect.stringMatching(/YouTube dropped the connection|could not be reached/) });
    expect(run.resumeState).toMatch(/upload_id=/);
    await run.run();
    expect(yt.videos.length - before.videos).toBe(1);
    expect(yt.uploads.opened - before.sessions).toBe(1);
    expect(yt.videos.at(-1)!.md5).toBe(md5(run.file));
  });

  it('finds the finished video when the final answer was lost, instead of uploading again', async () => {
    const before = yt.videos.length;
    yt.uploads.loseFinalAnswer = true;
    const run = new DirectPublish(d, 'long_video');
    await run.fails();
    expect(yt.videos.length - before).toBe(1);
    expect((await run.run()).externalId).toBe(yt.videos[before].id);
    expect(yt.videos.length - before).toBe(1);
  });

  it('refreshes the access token before it expires, and once more when the platform refuses it', async () => {
    const calls = yt.oauth.tokenCalls.length;
    d.clock.advance(3600_000); // the daemon's clock passes the token's expiry
    await new DirectPublish(d, 'long_video').run();
    expect(yt.oauth.tokenCalls.slice(calls)).toEqual(['refresh_token']);
    yt.oauth.expireAccessTokens(); // the platform ends it early
    await new DirectPublish(d, 'long_video').run();
    expect(yt.oauth.tokenCalls.slice(calls)).toEqual(['refresh_token', 'refresh_token']);
    expect((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!.status).toBe('active');
  });

  it('marks the connection needs_reauth when the grant was revoked, and says how to connect again', async () => {
    yt.oauth.revokeGrant();
    const err = await new DirectPublish(d, 'long_video').fails();
    expect(err).toMatchObject({ name: 'GrantLostError', retryable: false });
    expect(err.message).toMatch(/invalid_grant.*clipper platforms connect long_video --connector youtube/);
    const list = await d.call('GET', '/v1/platforms', { auth: `Bearer ${await d.token()}` });
    expect(list.body.platforms.find((p: { platform: string }) => p.platform === 'long_video')).toMatchObject({ status: 'needs_reauth', status_reason: err.message });
  });

  it('retries a rate limit after the reset it names, and 5xx; a quota used up for the day or a bad title is final', async () => {
    yt.faultOnce(/^\/upload\/youtube\/v3\/videos$/, { status: 429, headers: { 'retry-after': '120' }, body: { error: { code: 429, message: 'Too many requests', errors: [{ reason: 'rateLimitExceeded' }] } } }, 'POST');
    expect(await new DirectPublish(d, 'long_video').fails()).toMatchObject({ retryable: true, retryAfterMs: 120_000, message: expect.stringMatching(/429.*rateLimitExceeded/) });
    yt.faultOnce(/^\/upload\/youtube\/v3\/videos$/, { status: 503, body: { error: { code: 503, message: 'Backend Error' } } }, 'POST');
    expect(await new DirectPublish(d, 'long_video').fails()).toMatchObject({ retryable: true });
    yt.quotaExhausted = true;
    try {
      expect(await new DirectPublish(d, 'long_video').fails()).toMatchObject({ retryable: false, message: expect.stringMatching(/quotaExceeded.*quota for the day is used up/) });
    } finally {
      yt.quotaExhausted = false;
    }
    const long = await new DirectPublish(d, 'long_video', { caption: `${'é'.repeat(2600)}` }).fails();
    expect(long).toMatchObject({ retryable: false, message: expect.stringMatching(/5000 bytes of description/) });
  });

  it('fails the post when YouTube cannot process the video', async () => {
    yt.failProcessing = true;
    try {
      expect(await new DirectPublish(d, 'long_video').fails()).toMatchObject({ retryable: false, message: 'YouTube could not process the video (codec)' });
    } finally {
      yt.failProcessing = false;
    }
  });

  it('revokes the grant at Google when disconnected', async () => {
    const before = yt.oauth.revocations;
    const creds = await d.app.platforms.authFor((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!).credentials();
    const r = await d.call('DELETE', '/v1/platforms/long_video', { auth: `Bearer ${await d.token()}` });
    expect(r.body).toEqual({ platform: 'long_video', deleted: true, revoked: true });
    expect(yt.oauth.revocations - before).toBe(1);
    expect(yt.oauth.check(creds.access_token)).toBe('revoked');
  });
});
