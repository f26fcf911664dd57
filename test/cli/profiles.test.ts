import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { resolveTarget } from '../../src/cli/credentials.js';
import { ProfileStore } from '../../src/cli/profiles.js';
import { profilesPath, readProfileFile } from '../../src/cli/profile-file.js';
import { maskCredential, tokenExpiry } from '../../src/cli/profiles/secrets.js';
import { runList, runUse } from '../../src/cli/profiles/list.js';
import { run as runLogout } from '../../src/cli/profiles/logout.js';
import { cliHarness, runCli, testContext, type CliHarness } from '../helpers/cli-io.js';

let h: CliHarness;
beforeEach(() => {
  h = cliHarness();
});
afterEach(() => h.cleanup());

const save = (name: string, p: { base_url: string; api_key?: string; token?: string; team_id?: string }, current = true) =>
  new ProfileStore(h.env).save(name, p, current);

describe('credential precedence: flags > env > saved profile > local daemon', () => {
  it('falls back to the local daemon of the data dir, with its owner credential', () => {
    mkdirSync(h.dataDir, { recursive: true });
    writeFileSync(join(h.dataDir, 'daemon.json'), JSON.stringify({ host: '127.0.0.1', port: 45123 }));
    expect(resolveTarget({}, h.env)).toEqual({ baseUrl: 'http://127.0.0.1:45123', source: 'local-daemon', dataDir: h.dataDir, apiKey: undefined, token: undefined });
    expect(resolveTarget({}, { ...h.env, CLIPPER_DATA_DIR: join(h.dataDir, 'none') }).baseUrl).toBe('http://127.0.0.1:7788');
  });

  it('uses the current saved profile over the local daemon', () => {
    save('work', { base_url: 'https://p.example', api_key: 'sP-teamP' });
    expect(resolveTarget({}, h.env)).toMatchObject({ baseUrl: 'https://p.example', apiKey: 'sP-teamP', source: 'profile' });
  });

  it('uses the environment over the profile, and flags over the environment', () => {
    save('work', { base_url: 'https://p.example', api_key: 'sP-teamP' });
    const env = { ...h.env, CLIPPER_BASE_URL: 'https://e.example', CLIPPER_API_KEY: 'sE-teamE' };
    expect(resolveTarget({}, env)).toMatchObject({ baseUrl: 'https://e.example', apiKey: 'sE-teamE', source: 'env' });
    expect(resolveTarget({ baseUrl: 'https://f.example', token: 'tok.f.x' }, env)).toMatchObject({ baseUrl: 'https://f.example', token: 'tok.f.x', apiKey: undefined, source: 'flags' });
    // Each setting falls through on its own: a flag credential with the environment's URL.
    expect(resolveTarget({ apiKey: 'sF-teamF' }, env)).toMatchObject({ baseUrl: 'https://e.example', apiKey: 'sF-teamF', source: 'flags' });
    expect(resolveTarget({}, { ...h.env, CLIPPER_TOKEN: 'tok.e.x' })).toMatchObject({ baseUrl: 'https://p.example', token: 'tok.e.x', source: 'env' });
  });

  it('selects a profile with CLIPPER_PROFILE, and with --profile over CLIPPER_PROFILE', () => {
    save('a', { base_url: 'https://a.example', api_key: 'sA-teamA' });
    save('b', { base_url: 'https://b.example', token: 'tok.b.x' }, false);
    save('c', { base_url: 'https://c.example', api_key: 'sC-teamC' }, false);
    expect(resolveTarget({}, h.env).baseUrl).toBe('https://a.example');
    expect(resolveTarget({}, { ...h.env, CLIPPER_PROFILE: 'b' })).toMatchObject({ baseUrl: 'https://b.example', token: 'tok.b.x' });
    expect(resolveTarget({ profile: 'c' }, { ...h.env, CLIPPER_PROFILE: 'b' })).toMatchObject({ baseUrl: 'https://c.example', apiKey: 'sC-teamC' });
  });

  it('refuses an unknown profile with exit code 3 and a hint', async () => {
    const r = await runCli(['--profile', 'nope', 'ping'], { env: h.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('PROFILE_NOT_FOUND: no saved profile named "nope"');
    expect(r.stderr).toContain('hint: List saved profiles with `clipper profiles list`');
    const viaEnv = await runCli(['ping'], { env: { ...h.env, CLIPPER_PROFILE: 'nope' } });
    expect(viaEnv.code).toBe(3);
  });
});

describe('the profile file', () => {
  it('is created only when a profile is saved, with mode 0600, and stays 0600', () => {
    const store = new ProfileStore(h.env);
    expect(store.list()).toEqual([]);
    resolveTarget({}, h.env);
    expect(existsSync(store.path)).toBe(false);
    save('x', { base_url: 'http://127.0.0.1:1', api_key: 'sX-teamX' });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    chmodSync(store.path, 0o644);
    save('y', { base_url: 'http://127.0.0.1:2', api_key: 'sY-teamY' });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(store.path.startsWith(h.configDir)).toBe(true);
  });

  it('is read without conf from the very file conf writes, and a broken one is an error', () => {
    expect(profilesPath(h.env)).toBe(new ProfileStore(h.env).path);
    expect(readProfileFile(h.env)).toEqual({});
    save('x', { base_url: 'http://127.0.0.1:1', api_key: 'sX-teamX' });
    expect(readProfileFile(h.env)).toEqual({ current: 'x', profiles: { x: { base_url: 'http://127.0.0.1:1', api_key: 'sX-teamX' } } });
    writeFileSync(profilesPath(h.env), '{"current": ');
    expect(() => resolveTarget({}, h.env)).toThrow(SyntaxError);
  });
});

describe('profiles list | use, logout', () => {
  beforeEach(() => {
    save('hosted', { base_url: 'https://api.example', api_key: 'SECRETKEY1-team1', team_id: 'team1' }, false);
    save('local', { base_url: 'http://127.0.0.1:7788', token: 'SECRETHEADER.SECRETPAYLOAD.SECRETSIG' });
  });

  it('lists profiles as a table and as JSON, never printing a secret', async () => {
    const table = await runCli(['profiles', 'list'], { env: h.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatchSnapshot();
    const json = await runCli(['profiles', 'list', '--json'], { env: h.env });
    expect(JSON.parse(json.stdout)).toMatchSnapshot();
    for (const out of [table.stdout, table.stderr, json.stdout, json.stderr]) expect(out).not.toMatch(/SECRET/);
    const fields = await runCli(['profiles', 'list', '--json', 'name,current'], { env: h.env });
    expect(JSON.parse(fields.stdout)).toEqual({ profiles: [{ name: 'hosted', current: false }, { name: 'local', current: true }] });
  });

  it('switches the current profile, and refuses an unknown one with exit code 3', async () => {
    const r = await runCli(['profiles', 'use', 'hosted'], { env: h.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Now using profile "hosted"');
    expect(resolveTarget({}, h.env).baseUrl).toBe('https://api.example');
    expect((await runCli(['profiles', 'use', 'missing'], { env: h.env })).code).toBe(3);
    expect((await runCli(['profiles', 'use'], { env: h.env })).code).toBe(2);
  });

  it('logs out of the current profile, or of --profile NAME', async () => {
    const r = await runCli(['logout', '--json'], { env: h.env });
    expect(JSON.parse(r.stdout)).toEqual({ profile: 'local', removed: true });
    expect(new ProfileStore(h.env).current()).toBeUndefined();
    expect((await runCli(['logout'], { env: h.env })).code).toBe(3);
    expect((await runCli(['logout', '--profile', 'hosted'], { env: h.env })).code).toBe(0);
    expect(new ProfileStore(h.env).list()).toEqual([]);
  });
});

describe('the profile commands\' run() functions, called directly', () => {
  it('list, use and logout work on the context they are given', async () => {
    save('one', { base_url: 'https://one.example', api_key: 'SECRET-team1' });
    save('two', { base_url: 'https://two.example', api_key: 'SECRET-team2' }, false);
    const { ctx, stdout } = testContext({ env: h.env });
    ctx.globals.json = 'name,current';
    await runList({}, ctx);
    expect(JSON.parse(stdout.text)).toEqual({ profiles: [{ name: 'one', current: true }, { name: 'two', current: false }] });
    // Issue 13, item 7: a field the answer does not have is a usage error, so `use` (whose answer
    // has no "name") runs without the list's field selection.
    ctx.globals.json = undefined;
    await runUse({ name: 'two' }, ctx);
    expect(new ProfileStore(h.env).current()).toBe('two');
    await expect(runUse({ name: 'three' }, ctx)).rejects.toMatchObject({ exitCode: 3, code: 'PROFILE_NOT_FOUND' });
    await runLogout({}, ctx);
    expect(new ProfileStore(h.env).list().map((p) => p.name)).toEqual(['one']);
    await runLogout({ profile: 'one' }, ctx);
    await expect(runLogout({}, ctx)).rejects.toMatchObject({ exitCode: 3 });
  });
});

describe('masking', () => {
  it('keeps only the team id of a key and the expiry of a token', () => {
    expect(maskCredential({ base_url: 'x', api_key: 'abcdef-team9' })).toEqual({ auth: 'api_key', credential: '****-team9', expires_at: null });
    const payload = Buffer.from(JSON.stringify({ exp: 1700000000 })).toString('base64url');
    expect(maskCredential({ base_url: 'x', token: `h.${payload}.s` })).toEqual({ auth: 'token', credential: '****', expires_at: 1700000000000 });
    expect(tokenExpiry('garbage')).toBeNull();
  });
});
