import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { CliContext } from '../../src/cli/context.js';
import { runProgram } from '../../src/cli/main.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { Capture, cliHarness, runCli, type CliHarness } from '../helpers/cli-io.js';
import { FakeYouTube } from './fakes/youtube.js';
import { FakeTikTok } from './fakes/tiktok.js';

// `clipper platforms connect PLATFORM --connector C` (issue 15, item 1): OAuth 2.0 in the browser
// with a loopback redirect, or --no-browser with the code pasted; app credentials from flags,
// the environment or the daemon's config.json.

let d: TestDaemon;
let h: CliHarness;
let yt: FakeYouTube;
let tt: FakeTikTok;
const browser = `${process.execPath} ${fileURLToPath(new URL('./fake-browser.mjs', import.meta.url))}`;
beforeAll(async () => {
  yt = await new FakeYouTube().start();
  tt = await new FakeTikTok().start();
  // TikTok's app credentials live in the daemon's config.json (oauth section).
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, oauth: { tiktok_client_id: tt.oauth.clientId, tiktok_client_secret: tt.oauth.clientSecret } } });
  h = cliHarness();
});
afterAll(async () => {
  await d.stop();
  await Promise.all([yt.stop(), tt.stop()]);
  h.cleanup();
});

const env = async (extra: NodeJS.ProcessEnv = {}) => ({ ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token(), ...extra });
const base = (url: string) => ['--setting', `api_base_url=${url}`, '--setting', `oauth_base_url=${url}`];

describe('clipper platforms connect with OAuth', () => {
  it('opens the consent page in the browser and receives the code on the loopback redirect (credentials from flags)', async () => {
    const r = await runCli(['platforms', 'connect', 'long_video', '--connector', 'youtube', '--client-id', yt.oauth.clientId, '--client-secret', yt.oauth.clientSecret, ...base(yt.url), '--json'], { env: await env({ BROWSER: browser }) });
    expect(r.stderr).toMatch(/Opened the youtube consent page in your browser/);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ platform: 'long_video', connector: 'youtube', account_name: '@fakechannel', status: 'active' });
    const creds = await d.app.platforms.authFor((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!).credentials();
    for (const secret of [creds.access_token, creds.refresh_token!, yt.oauth.clientSecret]) expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it('takes app credentials from CLIPPER_<CONNECTOR>_CLIENT_ID/SECRET, or the daemon\'s config.json', async () => {
    const fromEnv = await runCli(['platforms', 'connect', 'long_video', '--connector', 'youtube', ...base(yt.url)], {
      env: await env({ BROWSER: browser, CLIPPER_YOUTUBE_CLIENT_ID: yt.oauth.clientId, CLIPPER_YOUTUBE_CLIENT_SECRET: yt.oauth.clientSecret }),
    });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(fromEnv.stderr).toMatch(/long_video connected with the youtube connector as @fakechannel/);
    const fromConfig = await runCli(['platforms', 'connect', 'short_video', '--connector', 'tiktok', ...base(tt.url)], { env: await env({ BROWSER: browser }) });
    expect(fromConfig.code, fromConfig.stderr).toBe(0);
    expect(fromConfig.stderr).toMatch(/short_video connected with the tiktok connector as @fakecreator/);
    const none = await runCli(['platforms', 'connect', 'long_video', '--connector', 'youtube', ...base(yt.url)], { env: await env({ BROWSER: browser }) });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No client id for the youtube app: send client_id, or set oauth.youtube_client_id/);
  });

  it('--no-browser prints the URL and takes the pasted redirect address', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: false });
    const stdout = new Capture();
    const stderr = new Capture();
    const ctx = new CliContext({ stdout, stderr, stdin, env: await env() });
    const args = ['node', 'clipper', 'platforms', 'connect', 'long_video', '--connector', 'youtube', '--client-id', yt.oauth.clientId, '--client-secret', yt.oauth.clientSecret, '--no-browser', ...base(yt.url), '--json'];
    const running = runProgram(ctx, args);
    let url: string | undefined;
    for (let i = 0; i < 500 && !url; i++) {
      url = /(http:\/\/127\.0\.0\.1:\d+\/o\/oauth2\/v2\/auth\?\S+)/.exec(stderr.text)?.[1];
      if (!url) await new Promise((r) => setTimeout(r, 10));
    }
    expect(url, stderr.text).toBeDefined();
    // The browser is elsewhere (a remote shell): its redirect never reaches this machine; the user copies the address.
    const consent = await request(url!);
    await consent.body.text();
    stdin.write(`\n${String(consent.headers.location).replace(/127\.0\.0\.1:\d+/, 'localhost:1')}\n`);
    expect(await running, stderr.text).toBe(0);
    expect(JSON.parse(stdout.text)).toMatchObject({ connector: 'youtube', status: 'active' });
  });

  it('says so when the user refuses, and refuses a connector on the wrong platform', async () => {
    yt.oauth.denyNext = true;
    const denied = await runCli(['platforms', 'connect', 'long_video', '--connector', 'youtube', '--client-id', yt.oauth.clientId, '--client-secret', 'x', ...base(yt.url)], { env: await env({ BROWSER: browser }) });
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/did not authorize clipper: The user denied the request/);
    const wrong = await runCli(['platforms', 'connect', 'short_video', '--connector', 'youtube'], { env: await env() });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/youtube connector publishes to long_video, not short_video/);
  });

  it('lists a revoked connection as needs_reauth with the reason, and disconnecting revokes the grant', async () => {
    const conn = (await d.app.store.platforms.get(d.rootTeamId, 'short_video'))!;
    await d.app.store.platforms.markNeedsReauth(conn.id, 'TikTok no longer accepts this connection\'s grant. Connect the account again: clipper platforms connect short_video --connector tiktok');
    const list = await runCli(['platforms', 'list'], { env: await env() });
    expect(list.stdout).toMatch(/short_video\W+tiktok\W+@fakecreator\W+needs_reauth/);
    expect(list.stderr).toMatch(/short_video: TikTok no longer accepts .* clipper platforms connect short_video --connector tiktok/);
    const off = await runCli(['platforms', 'disconnect', 'long_video'], { env: await env() });
    expect(off.code).toBe(0);
    expect(off.stderr).toMatch(/long_video disconnected; its grant was revoked at the platform/);
  });
});
