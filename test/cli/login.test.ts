import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLoginOptions, run } from '../../src/cli/profiles/login.js';
import type { LoginPrompter } from '../../src/cli/profiles/prompts.js';
import { ProfileStore } from '../../src/cli/profiles.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { cliHarness, runCli, testContext, type CliHarness } from '../helpers/cli-io.js';

let d: TestDaemon;
let h: CliHarness;
beforeAll(async () => {
  d = await startTestDaemon();
});
afterAll(() => d.stop());
beforeEach(() => {
  h = cliHarness();
});
afterEach(() => h.cleanup());

describe('login option parsing', () => {
  it('defaults the profile to "default" and validates names, URLs and flag pairs', () => {
    expect(parseLoginOptions({})).toEqual({ profile: 'default' });
    expect(parseLoginOptions({ profile: 'ci-2', baseUrl: 'https://x.example', withKey: true })).toMatchObject({ profile: 'ci-2', baseUrl: 'https://x.example', withKey: true });
    for (const bad of [{ profile: 'has space' }, { profile: '' }, { baseUrl: 'ftp://x' }, { baseUrl: 'nota url' }, { withKey: true, withToken: true }]) {
      expect(() => parseLoginOptions(bad)).toThrow(CliError);
    }
  });
});

describe('clipper login, non-interactive', () => {
  it('reads an API key from stdin, checks it with /v1/ping and saves it as the current profile', async () => {
    const key = await d.apiKey();
    const r = await runCli(['login', '--base-url', d.url, '--with-key', '--profile', 'work', '--json'], { env: h.env, stdin: `${key}\n` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ profile: 'work', base_url: d.url, team_id: d.rootTeamId, auth: 'api_key' });
    expect(r.stdout + r.stderr).not.toContain(key.split('-')[0]);
    const store = new ProfileStore(h.env);
    expect(store.current()).toBe('work');
    expect(store.get('work')).toEqual({ base_url: d.url, api_key: key, team_id: d.rootTeamId });
    // Later commands use the saved profile (no env credential, no daemon data dir).
    const ping = await runCli(['ping', '--json'], { env: h.env });
    expect(JSON.parse(ping.stdout)).toEqual({ ok: true, team_id: d.rootTeamId, auth: 'api_key' });
  });

  it('reads an ID token with --with-token; the profile name defaults to "default"', async () => {
    const r = await runCli(['login', '--base-url', `${d.url}/`, '--with-token'], { env: h.env, stdin: await d.token() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Logged in to ${d.url} as team ${d.rootTeamId}; saved as profile "default"`);
    expect(new ProfileStore(h.env).get('default')).toMatchObject({ base_url: d.url, token: expect.any(String) });
  });

  it('names the profile from CLIPPER_PROFILE and takes the URL from CLIPPER_BASE_URL when no flag says otherwise', async () => {
    const r = await runCli(['login', '--with-key'], { env: { ...h.env, CLIPPER_PROFILE: 'fromenv', CLIPPER_BASE_URL: d.url }, stdin: await d.apiKey() });
    expect(r.code).toBe(0);
    expect(new ProfileStore(h.env).get('fromenv')).toMatchObject({ base_url: d.url });
  });

  it('refuses a wrong credential with exit code 4 and saves nothing', async () => {
    const r = await runCli(['login', '--base-url', d.url, '--with-key'], { env: h.env, stdin: `wrongsecret-${d.rootTeamId}` });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('UNAUTHORIZED');
    expect(r.stderr).not.toContain('wrongsecret');
    expect(new ProfileStore(h.env).list()).toEqual([]);
  });

  it('gives usage errors (2) for a missing secret, both flags, or no terminal to prompt on', async () => {
    expect((await runCli(['login', '--base-url', d.url, '--with-key'], { env: h.env, stdin: '' })).code).toBe(2);
    expect((await runCli(['login', '--with-key', '--with-token'], { env: h.env, stdin: 'x' })).code).toBe(2);
    const noTty = await runCli(['login', '--base-url', d.url], { env: h.env });
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain('--with-key or --with-token');
    // A terminal, but --no-input: still no prompt.
    expect((await runCli(['login', '--no-input'], { env: h.env, tty: true })).code).toBe(2);
  });

  it('reports an unreachable base URL with exit code 9', async () => {
    const r = await runCli(['login', '--base-url', 'http://127.0.0.1:1', '--with-key'], { env: h.env, stdin: 'a-b' });
    expect(r.code).toBe(9);
  });
});

describe('clipper login, interactive', () => {
  it('asks for the base URL, the kind of credential and the secret on a terminal', async () => {
    const asked: string[] = [];
    const key = await d.apiKey();
    const prompter: LoginPrompter = {
      baseUrl: async (def) => (asked.push(`url default ${def}`), d.url),
      kind: async () => (asked.push('kind'), 'api_key'),
      secret: async (kind) => (asked.push(`secret ${kind}`), key),
    };
    const { ctx, stdout, stderr } = testContext({ env: h.env, tty: true });
    await run(parseLoginOptions({ profile: 'tty' }), ctx, prompter);
    expect(asked).toEqual(['url default http://127.0.0.1:7788', 'kind', 'secret api_key']);
    expect(stdout.text).toBe('');
    expect(stderr.text).not.toContain(key);
    expect(new ProfileStore(h.env).get('tty')).toMatchObject({ base_url: d.url, api_key: key });
  });

  it('skips the URL question when --base-url is given', async () => {
    const prompter: LoginPrompter = {
      baseUrl: async () => {
        throw new Error('should not ask');
      },
      kind: async () => 'token',
      secret: async () => d.token(),
    };
    const { ctx } = testContext({ env: h.env, tty: true });
    await run(parseLoginOptions({ baseUrl: d.url }), ctx, prompter);
    expect(new ProfileStore(h.env).get('default')?.token).toBeTruthy();
  });
});
