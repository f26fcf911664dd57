import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CliContext } from '../../src/cli/context.js';
import { run as listen } from '../../src/cli/webhooks/listen.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { TestReceiver } from './receiver.js';
import { independentSignatureCheck } from './helpers.js';

class Capture extends Writable {
  text = '';
  private waiters: Array<() => void> = [];
  _write(chunk: Buffer, _enc: string, cb: () => void) {
    this.text += chunk.toString();
    this.waiters.splice(0).forEach((w) => w());
    cb();
  }
  async until(re: RegExp): Promise<RegExpExecArray> {
    for (let m = re.exec(this.text); ; m = re.exec(this.text)) {
      if (m) return m;
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }
}

let d: TestDaemon;
let rx: TestReceiver;
let env: NodeJS.ProcessEnv;
let configDir: string;
beforeAll(async () => {
  d = await startTestDaemon();
  rx = await new TestReceiver((req) => (req.path === '/target-down' ? 503 : 200)).start();
  configDir = mkdtempSync(join(tmpdir(), 'clipper-wh-cli-'));
  env = { CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token(), CLIPPER_CONFIG_DIR: configDir, PATH: process.env.PATH };
});
afterAll(async () => {
  await rx.close();
  await d.stop();
  rmSync(configDir, { recursive: true, force: true });
});

async function cli(argv: string[], o: { stdin?: string | Buffer; env?: NodeJS.ProcessEnv } = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Readable.from(o.stdin === undefined ? [] : [Buffer.from(o.stdin)]);
  const code = await main(['node', 'clipper', ...argv], { stdout, stderr, stdin, env: o.env ?? env });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const webhookIds = async () => (await d.call('GET', '/v1/webhooks', { auth: `Bearer ${env.CLIPPER_TOKEN}` })).body.webhooks.map((w: any) => w.id);

describe('clipper webhooks create|list|delete|trigger|deliveries', () => {
  it('creates (secret once), lists, triggers, shows deliveries and deletes', async () => {
    const created = await cli(['webhooks', 'create', '--url', `${rx.url}/cli`, '--events', 'post.published,post.failed', '--no-legacy-signature', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const w = JSON.parse(created.stdout);
    expect(w).toMatchObject({ url: `${rx.url}/cli`, events: ['post.published', 'post.failed'], legacy_signature: false, secret: expect.stringMatching(/^whsec_/) });
    const human = await cli(['webhooks', 'create', '--url', `${rx.url}/cli2`, '--events', '*']);
    expect(human.stdout.trim()).toMatch(/^whsec_\w+$/); // only the secret on stdout
    expect(human.stderr).toMatch(/shown only once/);

    const list = await cli(['webhooks', 'list', '--json']);
    expect(JSON.parse(list.stdout).webhooks.map((x: any) => x.id)).toContain(w.id);
    expect(list.stdout).not.toContain(w.secret);

    const trig = await cli(['webhooks', 'trigger', 'post.published', '--json']);
    expect(trig.code, trig.stderr).toBe(0);
    const event = JSON.parse(trig.stdout);
    await d.processAll();
    const [got] = rx.on('/cli');
    expect(got.body).toEqual(event);
    expect(independentSignatureCheck(String(got.headers['service-signature-256']), w.secret, got.raw).valid).toBe(true);
    expect(got.headers['service-signature']).toBeUndefined();
    const dl = await cli(['webhooks', 'deliveries', w.id, '--json']);
    expect(JSON.parse(dl.stdout).deliveries[0]).toMatchObject({ event_id: event.id, status: 'delivered' });

    expect((await cli(['webhooks', 'delete', w.id])).code).toBe(0);
    expect(await webhookIds()).not.toContain(w.id);
    expect((await cli(['webhooks', 'delete', w.id])).code).toBe(3); // not found
  });

  it('refuses unknown event types and bad flags as usage errors, before any request', async () => {
    const bad = await cli(['webhooks', 'create', '--url', `${rx.url}/x`, '--events', 'post.published,post.deleted']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown event type: post.deleted/);
    expect((await cli(['webhooks', 'trigger', 'nope'])).code).toBe(2);
    expect((await cli(['webhooks', 'trigger', '*'])).code).toBe(2);
    expect((await cli(['webhooks', 'deliveries', 'wh_x', '--status', 'lost'])).code).toBe(2);
    const http = await cli(['webhooks', 'create', '--url', 'http://example.com/h', '--events', '*']);
    expect(http.code).toBe(1);
    expect(http.stderr).toMatch(/https/);
  });
});

describe('clipper webhooks verify', () => {
  const secret = 'whsec_cli';
  const body = '{"id":"evt_1","type":"post.failed","created":1,"data":{}}';
  const sign = (t: number, s = secret) => `t=${t},v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);

  it('exits 0 for a valid signature and 1, saying why, for anything else', async () => {
    const ok = await cli(['webhooks', 'verify', '--secret', secret, '--header', sign(now()), '--json'], { stdin: body });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ valid: true, body_bytes: body.length });
    const rotated = await cli(['webhooks', 'verify', '--secret', 'whsec_new', '--secret', secret, '--header', sign(now())], { stdin: body });
    expect(rotated.code).toBe(0);
    const fromEnv = await cli(['webhooks', 'verify', '--header', sign(now())], { stdin: body, env: { ...env, CLIPPER_WEBHOOK_SECRET: secret } });
    expect(fromEnv.code).toBe(0);

    const cases: Array<[string[], string, RegExp]> = [
      [['--secret', secret, '--header', sign(now())], body + ' ', /BAD_SIGNATURE/],
      [['--secret', 'whsec_other', '--header', sign(now())], body, /BAD_SIGNATURE/],
      [['--secret', secret, '--header', sign(now() - 400)], body, /TIMESTAMP_OUT_OF_TOLERANCE.*old/],
      [['--secret', secret, '--header', sign(now() + 400)], body, /TIMESTAMP_OUT_OF_TOLERANCE.*future/],
      [['--secret', secret, '--header', 'v1=zz'], body, /MALFORMED_HEADER/],
      [['--secret', secret], body, /MISSING_HEADER/],
    ];
    for (const [args, input, message] of cases) {
      const r = await cli(['webhooks', 'verify', ...args], { stdin: input });
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect((await cli(['webhooks', 'verify', '--secret', secret, '--header', sign(now() - 400), '--tolerance', '600'], { stdin: body })).code).toBe(0);
    expect((await cli(['webhooks', 'verify', '--header', sign(now())], { stdin: body })).code).toBe(2); // no secret
  });
});

describe('clipper webhooks listen', () => {
  it('registers a temporary receiver, verifies and prints events, forwards the exact bytes, and cleans up', async () => {
    const stdout = new Capture();
    const stderr = new Capture();
    const ctx = new CliContext({ stdout, stderr, stdin: Readable.from([]), env });
    ctx.globals = { json: true };
    const stop = new AbortController();
    const running = listen({ forwardTo: `${rx.url}/fwd`, events: 'post.published,post.scheduled' }, ctx, stop.signal);
    const [, id] = await stderr.until(/as webhook (wh_\w+)/);
    const [, secret] = await stderr.until(/Signing secret for this session: (whsec_\w+)/);
    const listed = (await d.call('GET', '/v1/webhooks', { auth: `Bearer ${env.CLIPPER_TOKEN}` })).body.webhooks.find((w: any) => w.id === id);
    expect(listed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    const e1 = (await cli(['webhooks', 'trigger', 'post.published', '--json'])).stdout;
    await cli(['webhooks', 'trigger', 'post.failed']); // not subscribed
    await d.processAll();
    await stdout.until(/\n/);
    const lines = stdout.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([JSON.parse(e1)]);

    // Forwarded byte for byte, with the signature headers: the target can verify it itself.
    const [fwd] = rx.on('/fwd');
    expect(fwd.raw.toString()).toBe(JSON.stringify(JSON.parse(e1)));
    expect(independentSignatureCheck(String(fwd.headers['service-signature-256']), secret, fwd.raw).valid).toBe(true);
    expect(fwd.headers['service-signature']).toBe(secret);
    expect(fwd.headers['content-type']).toBe('application/json');

    // A forged delivery straight to the listener is refused and not printed.
    const forged = await fetch(listed.url, { method: 'POST', headers: { 'content-type': 'application/json', 'service-signature-256': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body: e1 });
    expect(forged.status).toBe(400);
    expect(stderr.text).toMatch(/rejected a delivery: No v1 signature matches/);
    expect(stdout.text.trim().split('\n')).toHaveLength(1);

    stop.abort();
    await running;
    expect(stderr.text).toMatch(new RegExp(`temporary webhook ${id} deleted`));
    expect(await webhookIds()).not.toContain(id);
    await expect(fetch(listed.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('prints a readable line per event without --json, and deletes its webhook on SIGTERM (real process)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli-entry.ts'), 'webhooks', 'listen', '--events', 'project.render.succeeded'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = new Capture();
    const err = new Capture();
    child.stdout!.pipe(out);
    child.stderr!.pipe(err);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      const [, id] = await err.until(/as webhook (wh_\w+)/);
      const event = JSON.parse((await cli(['webhooks', 'trigger', 'project.render.succeeded', '--json'])).stdout);
      await d.processAll();
      const [line] = await out.until(/^.*\n/);
      expect(line).toContain('project.render.succeeded');
      expect(line).toContain(event.id);
      expect(line).toContain(`project_id=${event.data.project_id}`);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await webhookIds()).not.toContain(id);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
