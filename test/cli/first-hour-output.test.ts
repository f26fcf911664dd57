// Issue 13, items 5, 6 (pipes), 7, 14 and 15, through the whole CLI program (parsing, run, error
// mapping) against a real daemon on loopback, or a stub for answers a daemon does not give.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { runCli, useDaemonForCli } from '../helpers/cli-io.js';
import { startStubApi } from '../helpers/stub-api.js';

const t = useDaemonForCli();
const stubs: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (stubs.length) await stubs.pop()!.close();
});
const stub = async (...a: Parameters<typeof startStubApi>) => {
  const s = await startStubApi(...a);
  stubs.push(s);
  return s;
};

const POST = { id: 'post_1', clip_id: 'clip_1', platform: 'short_video', status: 'draft', caption: 'Hi', created_at: 1, updated_at: 1, short_video: { privacy_level: 'SELF_ONLY' } };

describe('--json FIELDS and --jq (item 7)', () => {
  it('selects fields inside a wrapped post, and refuses an unknown field listing the valid ones', async () => {
    const s = await stub(() => ({ status: 200, body: { post: POST } }));
    const env = { ...t.env(), CLIPPER_BASE_URL: s.url, CLIPPER_TOKEN: 'x' };
    const ok = await runCli(['posts', 'get', 'post_1', '--json', 'id,status'], { env });
    expect(JSON.parse(ok.stdout)).toEqual({ post: { id: 'post_1', status: 'draft' } });
    const bad = await runCli(['posts', 'get', 'post_1', '--json', 'id,colour'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('unknown JSON field "colour"; this answer has: caption, clip_id, created_at, id, platform, short_video, status, updated_at');
  });

  it('selects inside list items and keeps the list key', async () => {
    await runCli(['keys', 'create', '--label', 'one'], { env: t.env() });
    const r = await runCli(['keys', 'list', '--json', 'label'], { env: t.env() });
    expect(JSON.parse(r.stdout).keys).toContainEqual({ label: 'one' });
    expect((await runCli(['keys', 'list', '--json', 'secret'], { env: t.env() })).code).toBe(2);
  });

  it('--jq runs jq over the answer (strings raw); a program that does not compile is refused before any request', async () => {
    const r = await runCli(['ping', '--jq', '.team_id'], { env: t.env() });
    expect(r.stdout).toBe(`${t.d.rootTeamId}\n`);
    const piped = await runCli(['keys', 'list', '--jq', '[.keys[].label] | length > 0'], { env: t.env() });
    expect(piped.stdout).toBe('true\n');
    const s = await stub(() => ({ status: 200, body: { ok: true } }));
    const bad = await runCli(['ping', '--jq', '.[', '--base-url', s.url, '--token', 'x'], { env: t.env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--jq ".[" is not a valid jq program');
    expect(s.requests).toEqual([]);
  });
});

describe('lists in a pipe (item 6)', () => {
  it('are tab-separated lines with a header, no box drawing', async () => {
    const r = await runCli(['keys', 'list'], { env: t.env() });
    const [head, ...rows] = r.stdout.trim().split('\n');
    expect(head).toBe('ID\tLABEL\tCREATED\tLAST USED');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split('\t')).toHaveLength(4);
    expect(r.stdout).not.toMatch(/[│┌─]/);
  });
});

describe('daemon status (item 5)', () => {
  it('exits 3 when the daemon is not running, still printing the status', async () => {
    const r = await runCli(['daemon', 'status', '--data-dir', t.h.dataDir, '--json'], { env: t.env() });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ running: false });
    expect((await runCli(['daemon', 'status', '--data-dir', t.d.dataDir], { env: t.env() })).code).toBe(3); // in-process daemon: no daemon.json
  });
});

describe('a server that is not there, or not clipper (item 14)', () => {
  it('fails at once with the hint when nothing listens on a local address', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const r = await runCli(['ping', '--base-url', `http://127.0.0.1:${port}`, '--token', 'x'], { env: t.env() });
    expect(r.code).toBe(9);
    expect(r.stderr).not.toContain('retrying');
    expect(r.stderr).toContain('hint: Is the daemon running?');
  });

  it("does not retry a web server's 501 and does not print its HTML", async () => {
    const html = '<!DOCTYPE html><html><head><title>Error response</title></head><body><h1>Error 501</h1><p>Unsupported method</p></body></html>';
    const s = await stub(() => ({ status: 501, body: null, raw: html, headers: { 'content-type': 'text/html' } }));
    const r = await runCli(['ping', '--base-url', s.url, '--token', 'x'], { env: t.env() });
    expect(s.requests).toHaveLength(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 501: an HTML page ("Error response") instead of the API\'s JSON: not a clipper API at this address');
    expect(r.stderr).not.toContain('<');
  });
});

describe('the not-found lock-out (item 15)', () => {
  it('says that unknown ids caused it, not that polling was too fast', async () => {
    for (let i = 0; i < 20; i++) await runCli(['renders', 'get', `clip_${String(i).padStart(20, 'x')}`], { env: t.env() });
    const r = await runCli(['renders', 'get', 'clip_yyyyyyyyyyyyyyyyyyyy'], { env: t.env() });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('STATUS_RATE_LIMITED');
    expect(r.stderr).toContain('asked for ids that do not exist (404)');
    expect(r.stderr).toContain('polling less often does not lift this');
    expect(r.stderr).not.toContain('poll less often (at most 6');
  });
});
