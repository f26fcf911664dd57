import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseApiOptions } from '../../src/cli/api.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { runCli, useDaemonForCli } from '../helpers/cli-io.js';

const t = useDaemonForCli();

const empty = () => Readable.from([]);

describe('api option parsing', () => {
  it('upper-cases the method, adds the leading slash and parses --data JSON, @file and @-', async () => {
    expect(await parseApiOptions('get', 'v1/ping', {}, empty())).toEqual({ method: 'GET', path: '/v1/ping', include: undefined });
    expect((await parseApiOptions('POST', '/v1/keys', { data: '{"label":"ci"}' }, empty())).body).toEqual({ label: 'ci' });
    const file = join(t.h.stateDir, '..', 'body.json');
    writeFileSync(file, '{"label":"from file"}');
    expect((await parseApiOptions('POST', '/v1/keys', { data: `@${file}` }, empty())).body).toEqual({ label: 'from file' });
    expect((await parseApiOptions('POST', '/v1/keys', { data: '@-' }, Readable.from(['{"label":"stdin"}']))).body).toEqual({ label: 'stdin' });
  });

  it.each([
    ['an unknown method', 'FETCH', '/v1/ping', {}],
    ['a full URL', 'GET', 'https://x.example/v1/ping', {}],
    ['invalid JSON', 'POST', '/v1/keys', { data: '{label:' }],
    ['a missing file', 'POST', '/v1/keys', { data: '@/nonexistent/body.json' }],
  ])('refuses %s as a usage error', async (_why, method, path, raw) => {
    await expect(parseApiOptions(method, path, raw, empty())).rejects.toThrow(CliError);
  });
});

describe('clipper api against the daemon', () => {
  const env = t.env;

  it('prints the JSON body of an authenticated call, and nothing else on stdout', async () => {
    const r = await runCli(['api', 'GET', '/v1/ping'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, team_id: t.d.rootTeamId, auth: 'jwt' });
    expect(r.stderr).toBe('');
  });

  it('sends --data, honours --json field selection and -i headers on stderr', async () => {
    const r = await runCli(['api', 'POST', '/v1/keys', '--data', '{"label":"from api"}', '--json', 'id,label', '-i'], { env: env() });
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(Object.keys(body)).toEqual(['id', 'label']);
    expect(body.label).toBe('from api');
    expect(r.stderr).toMatch(/^HTTP 201\n/);
    expect(r.stderr).toMatch(/x-ratelimit-limit: 60/);
  });

  it('prints the error envelope on stdout and exits with the mapped code', async () => {
    const r = await runCli(['api', 'POST', '/v1/keys', '--data', '{"label":""}'], { env: env() });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'BAD_REQUEST', details: { field: 'label' } } });
    expect(r.stderr).toContain('error BAD_REQUEST');
    const missing = await runCli(['api', 'DELETE', '/v1/keys/key_missing'], { env: env() });
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stdout).error.code).toBe('NOT_FOUND');
  });

  it('uses the API key of the environment when there is one', async () => {
    const r = await runCli(['api', 'GET', 'v1/ping'], { env: { ...env(), CLIPPER_API_KEY: await t.d.apiKey() } });
    expect(JSON.parse(r.stdout).auth).toBe('api_key');
  });
});
