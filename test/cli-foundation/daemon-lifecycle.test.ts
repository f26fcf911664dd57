import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = join(process.cwd(), 'bin', 'clipper');
const dataDir = mkdtempSync(join(tmpdir(), 'clipper-cli-'));
const env: NodeJS.ProcessEnv = { ...process.env, CLIPPER_DATA_DIR: dataDir, CLIPPER_CONFIG_DIR: join(dataDir, 'cfg'), NO_COLOR: '1' };
delete env.CLIPPER_BASE_URL;
delete env.CLIPPER_API_KEY;
delete env.CLIPPER_TOKEN;

async function clipper(...args: string[]) {
  try {
    const r = await run(bin, args, { env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e: any) {
    return { code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string };
  }
}

afterAll(async () => {
  await clipper('daemon', 'stop', '--data-dir', dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('clipper daemon, auth, admin, keys, ping (the built CLI, as scripts use it)', () => {
  it('runs the whole credential flow against a background daemon', async () => {
    const started = await clipper('daemon', 'start', '--data-dir', dataDir, '--port', '0', '--json');
    expect(started.code).toBe(0);
    const s = JSON.parse(started.stdout);
    expect(s).toMatchObject({ running: true, pid: expect.any(Number), port: expect.any(Number), data_dir: dataDir });

    const status = JSON.parse((await clipper('daemon', 'status', '--data-dir', dataDir, '--json')).stdout);
    expect(status).toEqual({ running: true, pid: s.pid, port: s.port, data_dir: dataDir });
    expect(statSync(join(dataDir, 'identity', 'es256-private.pem')).mode & 0o077).toBe(0);

    // With no credentials configured the CLI acts as the local owner.
    const ping = JSON.parse((await clipper('ping', '--json')).stdout);
    expect(ping).toMatchObject({ ok: true, auth: 'jwt' });

    const token = (await clipper('auth', 'token', '--data-dir', dataDir)).stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    const base = `http://127.0.0.1:${s.port}`;
    const key = JSON.parse((await clipper('keys', 'create', '--label', 'ci', '--json', '--base-url', base, '--token', token)).stdout);
    expect(key).toEqual({ id: expect.any(String), label: 'ci', key: expect.stringMatching(/^[^-]+-[^-]+$/), created_at: expect.any(Number) });
    expect(key.key.split('-')[1]).toBe(ping.team_id);

    const viaKey = await clipper('ping', '--json', '--base-url', base, '--api-key', key.key);
    expect(JSON.parse(viaKey.stdout)).toEqual({ ok: true, team_id: ping.team_id, auth: 'api_key' });
    // Key management is JWT only: exit code 4 (authentication) and the API's message.
    const refused = await clipper('keys', 'list', '--base-url', base, '--api-key', key.key);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/UNAUTHORIZED: A JWT is required/);
    expect(refused.stdout).toBe('');

    const team = (await clipper('admin', 'teams', 'create', '--data-dir', dataDir, '--name', 'acme')).stdout.trim();
    expect(team).toMatch(/^team_/);
    const otherToken = (await clipper('auth', 'token', '--data-dir', dataDir, '--team', team)).stdout.trim();
    const otherPing = JSON.parse((await clipper('ping', '--json', '--base-url', base, '--token', otherToken)).stdout);
    expect(otherPing.team_id).toBe(team);
    expect((await clipper('auth', 'token', '--data-dir', dataDir, '--team', 'team_nope')).code).toBe(3);

    const stopped = await clipper('daemon', 'stop', '--data-dir', dataDir);
    expect(stopped.code).toBe(0);
    expect(JSON.parse((await clipper('daemon', 'status', '--data-dir', dataDir, '--json')).stdout)).toEqual({ running: false, pid: null, port: null, data_dir: dataDir });
    const unreachable = await clipper('ping', '--base-url', base, '--token', token);
    expect(unreachable.code).toBe(9);
  }, 180_000); // about 15 CLI processes (1-4 s each on a busy 2-core machine) plus 7.5 s of retries to an unreachable URL

  it('exits 2 on a usage error', async () => {
    expect((await clipper('keys', 'create')).code).toBe(2);
    expect((await clipper('no-such-command')).code).toBe(2);
  });
});
