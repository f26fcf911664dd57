import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { FakeYouTube } from './fakes/youtube.js';

// POST /v1/platforms/authorize and POST /v1/platforms with `authorization` (issue 15, item 1):
// every refusal is a 400 in the spec's envelope that changes nothing.

let d: TestDaemon;
let yt: FakeYouTube;
let jwt: string;
beforeAll(async () => {
  yt = await new FakeYouTube().start();
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  jwt = `Bearer ${await d.token()}`;
});
afterAll(async () => {
  await d.stop();
  await yt.stop();
});

const start = (body: Record<string, unknown> = {}, auth = jwt) =>
  d.call('POST', '/v1/platforms/authorize', {
    auth,
    body: { platform: 'long_video', connector: 'youtube', redirect_uri: 'http://127.0.0.1:9/callback/', client_id: yt.oauth.clientId, client_secret: yt.oauth.clientSecret, settings: { api_base_url: yt.url, oauth_base_url: yt.url }, ...body },
  });

async function consent(url: string) {
  const r = await request(url);
  await r.body.text();
  return new URL(String(r.headers.location)).searchParams;
}

const finish = (state: string, code: string, body: Record<string, unknown> = {}, auth = jwt) =>
  d.call('POST', '/v1/platforms', { auth, body: { platform: 'long_video', connector: 'youtube', authorization: { state, code }, ...body } });

const error = (message: RegExp) => ({ status: 400, body: { error: { code: 'BAD_REQUEST', message: expect.stringMatching(message) } } });

describe('the OAuth connection endpoints', () => {
  it('starts with a consent URL carrying PKCE (S256), the state and the loopback redirect', async () => {
    const r = await start();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ platform: 'long_video', connector: 'youtube', state: expect.stringMatching(/^\w{32}$/), authorization_url: expect.any(String), redirect_uri: 'http://127.0.0.1:9/callback/', expires_at: d.clock.now() + 15 * 60_000 });
    const q = new URL(r.body.authorization_url).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ client_id: yt.oauth.clientId, redirect_uri: 'http://127.0.0.1:9/callback/', response_type: 'code', state: r.body.state, code_challenge_method: 'S256', access_type: 'offline' });
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(r.body.authorization_url).not.toContain(yt.oauth.clientSecret);
  });

  it('refuses what cannot start: no OAuth on the connector, the wrong platform, no client id, a bad base URL, an API key', async () => {
    expect(await start({ connector: 'local' })).toMatchObject(error(/local connector does not connect with OAuth/));
    expect(await start({ platform: 'short_video' })).toMatchObject(error(/youtube connector cannot publish to short_video/));
    expect(await start({ client_id: undefined })).toMatchObject(error(/No client id for the youtube app.*oauth.youtube_client_id/));
    expect(await start({ client_secret: undefined })).toMatchObject(error(/No client secret for the youtube app/));
    expect(await start({ settings: { api_base_url: 'ftp://x' } })).toMatchObject(error(/settings.api_base_url must be an https URL/));
    expect(await start({ settings: { privacy_status: 'friends' } })).toMatchObject(error(/privacy_status must be one of public, unlisted, private/));
    expect(await start({ redirect_uri: 'not a url' })).toMatchObject(error(/redirect_uri/));
    expect((await start({}, `Key ${await d.apiKey()}`)).status).toBe(401);
  });

  it('uses a state once, for its own team, platform and connector only', async () => {
    const s = await start();
    const q = await consent(s.body.authorization_url);
    const other = await d.createTeam('other');
    expect(await finish(s.body.state, q.get('code')!, {}, `Bearer ${await d.token(other)}`)).toMatchObject(error(/authorization.state is unknown, already used or expired/));
    // Another team can neither use nor burn it: its owner still can, once.
    expect(await finish(s.body.state, q.get('code')!)).toMatchObject({ status: 201 });
    expect(await finish(s.body.state, q.get('code')!)).toMatchObject(error(/unknown, already used or expired/));

    const s2 = await start();
    const q2 = await consent(s2.body.authorization_url);
    expect(await finish(s2.body.state, q2.get('code')!, { connector: 'local' })).toMatchObject(error(/does not connect with OAuth; send no authorization/));
    expect(await finish(s2.body.state, q2.get('code')!)).toMatchObject({ status: 201, body: { connector: 'youtube', status: 'active' } });
    expect(await finish(s2.body.state, q2.get('code')!)).toMatchObject(error(/unknown, already used or expired/));
    expect(await d.call('POST', '/v1/platforms', { auth: jwt, body: { platform: 'long_video', connector: 'youtube' } })).toMatchObject(error(/connects with OAuth 2.0: start with POST \/v1\/platforms\/authorize/));
  });

  it('refuses an expired authorization and a code the platform does not accept, naming the platform\'s reason', async () => {
    const s = await start();
    const q = await consent(s.body.authorization_url);
    d.clock.advance(15 * 60_000);
    expect(await finish(s.body.state, q.get('code')!)).toMatchObject(error(/unknown, already used or expired/));
    const s2 = await start();
    expect(await finish(s2.body.state, 'made-up-code')).toMatchObject(error(/Connecting long_video failed: YouTube no longer accepts this connection's grant \(invalid_grant: The authorization code is invalid/));
  });

  it('keeps secrets given as settings sealed: resumable_upload\'s access_token is not shown again', async () => {
    const r = await d.call('POST', '/v1/platforms', { auth: jwt, body: { platform: 'short_video', connector: 'resumable_upload', settings: { upload_url: 'http://127.0.0.1:9/upload', access_token: 'tok-secret-1', client_secret: 'cs-2' } } });
    expect(r.status).toBe(201);
    expect(r.body.settings).toEqual({ upload_url: 'http://127.0.0.1:9/upload' });
    const list = await d.call('GET', '/v1/platforms', { auth: jwt });
    expect(JSON.stringify(list.body)).not.toMatch(/tok-secret-1|cs-2/);
    expect(await d.app.platforms.authFor((await d.app.store.platforms.get(d.rootTeamId, 'short_video'))!).credentials()).toMatchObject({ access_token: 'tok-secret-1', client_secret: 'cs-2' });
  });
});
