import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../daemon/log.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, insertClip, previewReady } from '../publish/helpers.js';
import { FakeYouTube } from './fakes/youtube.js';
import { connectOAuth } from './harness.js';

// Issue 15, item 1: tokens "never in plaintext, never in any response, log or event". The
// daemon's own log, captured through a retry, a refresh, a lost grant and a disconnect.

const lines: string[] = [];
let d: TestDaemon;
let yt: FakeYouTube;
beforeAll(async () => {
  yt = await new FakeYouTube().start();
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } }, log: createLogger('info', (l) => lines.push(l) > 0) });
});
afterAll(async () => {
  await d.stop();
  await yt.stop();
});

async function publishDraft(): Promise<string> {
  const clipId = await insertClip(d, { script: SHORT });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey()}`;
  const post = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts[0];
  await d.call('POST', `/v1/posts/${post.id}/publish`, { auth });
  return post.id;
}

describe('secrets stay out of the log and the event payloads', () => {
  it('through a 5xx retry, a token refresh, a revoked grant and a disconnect', async () => {
    await connectOAuth(d, { platform: 'long_video', connector: 'youtube', fake: yt });
    const secrets = async () => {
      const c = await d.app.platforms.authFor((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!).credentials();
      return [c.access_token, c.refresh_token!, yt.oauth.clientSecret];
    };
    const seen = new Set(await secrets());
    yt.faultOnce(/^\/upload\/youtube\/v3\/videos$/, { status: 503, body: { error: { code: 503, message: 'Backend Error' } } }, 'POST');
    yt.oauth.expireAccessTokens();
    const first = await publishDraft();
    await d.processAll();
    d.clock.advance(31_000);
    await d.processAll();
    expect((await d.app.posts.repo.byId(first))!.status).toBe('published');
    for (const s of await secrets()) seen.add(s); // the refreshed token too
    yt.oauth.revokeGrant();
    const second = await publishDraft();
    await d.processAll();
    expect((await d.app.posts.repo.byId(second))!.status).toBe('failed');
    await d.call('DELETE', '/v1/platforms/long_video', { auth: `Bearer ${await d.token()}` });

    expect(lines.some((l) => l.includes('will retry'))).toBe(true);
    expect(lines.some((l) => l.includes('needs to be connected again'))).toBe(true);
    const everything = lines.join('\n') + JSON.stringify(await d.app.store.events.readAfter(0, 10_000));
    expect(seen.size).toBeGreaterThanOrEqual(4);
    for (const s of seen) expect(everything).not.toContain(s);
  });
});
