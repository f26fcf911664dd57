import { describe, expect, it } from 'vitest';
import { normalizeJsonFlag } from '../../src/cli/argv.js';
import { CliContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/main.js';
import { formatTime } from '../../src/cli/output.js';
import { runCli, useDaemonForCli } from '../helpers/cli-io.js';

const t = useDaemonForCli();
const env = t.env;
const ANSI = /\x1b\[/;

describe('--json [fields] on the command line', () => {
  const program = buildProgram(new CliContext({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} }));
  const norm = (...args: string[]) => normalizeJsonFlag(['node', 'clipper', ...args], program).slice(2);

  it('keeps a field list, and moves a bare --json that precedes a command to the end', () => {
    expect(norm('--json', 'keys', 'list')).toEqual(['keys', 'list', '--json']);
    expect(norm('keys', '--json', 'list')).toEqual(['keys', 'list', '--json']);
    expect(norm('keys', 'list', '--json', 'id,label')).toEqual(['keys', 'list', '--json', 'id,label']);
    expect(norm('--json=id', 'keys', 'list')).toEqual(['--json=id', 'keys', 'list']);
    expect(norm('--profile', 'keys', '--json', 'keys', 'list')).toEqual(['--profile', 'keys', 'keys', 'list', '--json']);
    expect(norm('--json', 'api', 'GET', '/v1/ping', '--', 'x')).toEqual(['api', 'GET', '/v1/ping', '--json', '--', 'x']);
  });

  it('reads an id, a file or a URL after a bare --json as the argument, not as fields', () => {
    expect(norm('clips', 'get', '--json', 'job_1xC8uOWvx2GCXz1zW171')).toEqual(['clips', 'get', 'job_1xC8uOWvx2GCXz1zW171', '--json']);
    expect(norm('clips', 'get', '--json', 'job_abcdefghijklmnopqrst')).toEqual(['clips', 'get', 'job_abcdefghijklmnopqrst', '--json']);
    expect(norm('clips', 'create', '--json', 'talk.mp4')).toEqual(['clips', 'create', 'talk.mp4', '--json']);
    expect(norm('clips', 'create', '--json', 'https://example.com/a.mp4')).toEqual(['clips', 'create', 'https://example.com/a.mp4', '--json']);
    expect(norm('clips', 'get', '--json', 'job_id,status', 'job_1xC8uOWvx2GCXz1zW171')).toEqual(['clips', 'get', '--json', 'job_id,status', 'job_1xC8uOWvx2GCXz1zW171']);
  });

  it('works before the command, after it, and with fields, printing only JSON on stdout', async () => {
    for (const args of [['--json', 'ping'], ['ping', '--json'], ['ping', '--json', 'team_id,auth'], ['--json=team_id,auth', 'ping']]) {
      const r = await runCli(args, { env: env() });
      expect(r.code, args.join(' ')).toBe(0);
      const body = JSON.parse(r.stdout);
      expect(body.team_id).toBe(t.d.rootTeamId);
      if (args.join(' ').includes('team_id,auth')) expect(body).toEqual({ team_id: t.d.rootTeamId, auth: 'jwt' });
    }
  });
});

describe('stdout carries data, stderr messages', () => {
  it('prints every command\'s --json answer as one JSON document on stdout', async () => {
    const created = await runCli(['keys', 'create', '--label', 'ci', '--json'], { env: env() });
    const id = JSON.parse(created.stdout).id;
    for (const args of [['ping'], ['keys', 'list'], ['keys', 'revoke', id], ['profiles', 'list'], ['doctor'], ['daemon', 'status', '--data-dir', t.d.dataDir], ['auth', 'token', '--data-dir', t.d.dataDir], ['admin', 'teams', 'list', '--data-dir', t.d.dataDir]]) {
      const r = await runCli([...args, '--json'], { env: env(), tty: true });
      expect(() => JSON.parse(r.stdout), args.join(' ')).not.toThrow();
      expect(r.stdout, args.join(' ')).not.toMatch(ANSI);
    }
  });

  it('shows times in local time on a terminal and as Unix ms in JSON', async () => {
    await runCli(['keys', 'create', '--label', 'timed'], { env: env() });
    const json = JSON.parse((await runCli(['keys', 'list', '--json'], { env: env() })).stdout);
    const createdAt: number = json.keys[0].created_at;
    expect(Number.isInteger(createdAt)).toBe(true);
    const table = (await runCli(['keys', 'list'], { env: env(), tty: true })).stdout;
    expect(table).toContain(formatTime(createdAt));
    const d0 = new Date(createdAt);
    expect(formatTime(createdAt)).toContain(`${String(d0.getHours()).padStart(2, '0')}:${String(d0.getMinutes()).padStart(2, '0')}`);
  });

  it('uses no colour when NO_COLOR is set, stdout is not a terminal, or with --no-input / --no-color', async () => {
    const bad = { ...env(), CLIPPER_API_KEY: `x-${t.d.rootTeamId}` };
    expect((await runCli(['ping'], { env: bad, tty: true })).stderr).toMatch(ANSI); // the control case
    for (const [e, args, tty] of [
      [{ ...bad, NO_COLOR: '1' }, ['ping'], true],
      [bad, ['ping'], false],
      [bad, ['ping', '--no-input'], true],
      [bad, ['ping', '--no-color'], true],
    ] as const) {
      const r = await runCli([...args], { env: e, tty });
      expect(r.code).toBe(4);
      expect(r.stderr).not.toMatch(ANSI);
    }
  });

  it('prints the same rows as a table and as JSON (snapshots, ids and times masked)', async () => {
    const r = await runCli(['doctor', '--json', 'ok'], { env: env() });
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
    const args = ['admin', 'teams', 'list', '--data-dir', t.d.dataDir];
    const json = JSON.parse((await runCli([...args, '--json'], { env: env() })).stdout);
    const team = json.teams[0];
    expect({ ...team, id: 'ID', created_at: 'TIME' }).toMatchSnapshot();
    const table = (await runCli(args, { env: env() })).stdout;
    expect(table.replace(team.id, 'ID'.padEnd(team.id.length)).replace(formatTime(team.created_at), 'TIME'.padEnd(19))).toMatchSnapshot();
  });
});
