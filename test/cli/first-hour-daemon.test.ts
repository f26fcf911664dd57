// Issue 13, items 3, 4 and 17 with the built CLI as a user runs it: `daemon start` on a data
// dir and port of one's own, then plain commands; doctor's diagnosis; whoami; `clipper open`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = join(process.cwd(), 'bin', 'clipper');
const root = mkdtempSync(join(tmpdir(), 'clipper-first-hour-'));
const mine = join(root, 'clipper-data');
// HOME is the temp folder: the default data dir (~/.local/share/clipper) is never started here.
const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: root, CLIPPER_STATE_DIR: join(root, 'state'), CLIPPER_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1' };

async function clipper(args: string[], extra: NodeJS.ProcessEnv = {}) {
  try {
    const r = await run(bin, args, { env: { ...env, ...extra } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e: any) {
    return { code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string };
  }
}

let url: string;
beforeAll(async () => {
  const started = await clipper(['daemon', 'start', '--data-dir', mine, '--port', '0', '--json']);
  expect(started.code).toBe(0);
  url = `http://127.0.0.1:${JSON.parse(started.stdout).port}`;
}, 60_000);
afterAll(async () => {
  await clipper(['daemon', 'stop', '--data-dir', mine]);
  rmSync(root, { recursive: true, force: true });
});

describe('after `daemon start --data-dir DIR --port N` (item 3)', () => {
  it('plain `clipper ping` reaches that daemon as its owner', async () => {
    const r = await clipper(['ping', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, auth: 'jwt' });
  });

  it('whoami prints the base URL, the team, the kind of credential and the render minutes left', async () => {
    const r = await clipper(['whoami']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`base URL:       ${url} (local daemon of ${mine})`);
    expect(r.stdout).toMatch(/team:\s+team_\w+ \(default\)/);
    expect(r.stdout).toContain('credential:     ID token (bearer) from the local daemon data dir');
    expect(r.stdout).toMatch(/render minutes: 600 of 600 left in \d{4}-\d{2} \(UTC\)/);
    const json = JSON.parse((await clipper(['whoami', '--json'])).stdout);
    expect(json).toMatchObject({ base_url: url, auth: 'jwt', credential_source: 'local-daemon', data_dir: mine, render_minutes: { allowance: 600, used: 0, remaining: 600 } });
  });

  it("doctor names the real cause when the data dir's credential meets another data dir's daemon", async () => {
    const other = join(root, 'never-started');
    const r = await clipper(['doctor', '--json'], { CLIPPER_DATA_DIR: other, CLIPPER_BASE_URL: url });
    const creds = JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'credentials');
    expect(creds.status).toBe('fail');
    expect(creds.detail).toContain(`${url} is the daemon of the data dir ${mine}, and the data dir ${other} has never been started`);
    expect(creds.fix).toContain(`Use that daemon's data dir (\`--data-dir ${mine}\``);
    expect(creds.fix).not.toContain('start the local daemon once');
    // --data-dir is the data dir whose credential is checked.
    const fixed = await clipper(['doctor', '--data-dir', mine, '--json'], { CLIPPER_BASE_URL: url });
    expect(JSON.parse(fixed.stdout).checks.find((c: { id: string }) => c.id === 'credentials')).toMatchObject({ status: 'ok' });
  });
});

describe('clipper open (item 4)', () => {
  it('opens a one-time sign-in link that lands on the page signed in, once', async () => {
    // No clip id: the link lands on the jobs page (a clip's page: first-hour-verbs.test.ts).
    const opened = join(root, 'opened.txt');
    const browser = join(root, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > "${opened}"\n`);
    chmodSync(browser, 0o755);
    const r = await clipper(['open'], { BROWSER: browser });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Opened your jobs in the browser');
    // The browser runs detached: wait (bounded) for it to have written the link.
    for (let i = 0; i < 100 && !existsSync(opened); i++) await new Promise((res) => setTimeout(res, 100));
    const link = readFileSync(opened, 'utf8').trim();
    expect(link).toMatch(new RegExp(`^${url}/app/session/[A-Za-z0-9_-]{32}$`));
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/app/');
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    const page = await fetch(`${url}/app/`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(200);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(410);
  });

  it('says plainly that an API key cannot sign in, as webhooks listen does (item 17)', async () => {
    const key = JSON.parse((await clipper(['keys', 'create', '--label', 'k', '--json'])).stdout).key;
    for (const args of [['open', '--print'], ['webhooks', 'listen']]) {
      const r = await clipper(args, { CLIPPER_API_KEY: key, CLIPPER_BASE_URL: url });
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.stderr).toContain('needs a bearer ID token');
      expect(r.stderr).toContain('clipper auth token');
    }
  });
});
