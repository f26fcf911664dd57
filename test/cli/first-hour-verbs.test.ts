// Issue 13, items 2, 8, 9, 10, 11 and 16 through the CLI program against a real daemon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CliContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/main.js';
import { EXAMPLES, commandPath } from '../../src/cli/examples.js';
import { run as publish } from '../../src/cli/posts/publish.js';
import { cliHarness, runCli, testContext, type CliHarness } from '../helpers/cli-io.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { connect, insertClip } from '../publish/helpers.js';
import { startStubApi } from '../helpers/stub-api.js';

let d: TestDaemon;
let h: CliHarness;
let env: NodeJS.ProcessEnv;
const SAMPLE = join(process.cwd(), 'fixtures', 'sample.mp4');
beforeAll(async () => {
  // No speech engine: item 2's warning.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, transcription: { engine: 'none' } } });
  h = cliHarness();
  env = { ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token() };
});
afterAll(async () => {
  await d?.stop();
  h?.cleanup();
});
const cli = (...args: string[]) => runCli(args, { env });
const uploads = () => d.app.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number;

describe('help (item 8)', () => {
  const program = buildProgram(new CliContext({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} }));
  it('lists clips, renders and posts first', () => {
    expect(program.commands.slice(0, 3).map((c) => c.name())).toEqual(['clips', 'renders', 'posts']);
  });

  it('gives every verb an example', () => {
    const leaves: string[] = [];
    const walk = (c: Command) => (c.commands.length ? c.commands.forEach(walk) : leaves.push(commandPath(c)));
    program.commands.forEach(walk);
    expect(leaves.filter((p) => !EXAMPLES[p])).toEqual([]);
  });

  it('suggests the command for a typo without printing the whole help', async () => {
    const r = await cli('clip', 'list');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'clip'");
    expect(r.stderr).toContain('(Did you mean clips?)');
    expect(r.stderr).not.toContain('Commands:');
    expect((await cli('clips', 'crate')).stderr).toContain('(Did you mean create?)');
  });
});

describe('clips create refuses early (item 10) and fails clearly (items 2, 11)', () => {
  it('checks every option and the file header before any byte is sent', async () => {
    const bad = await cli('clips', 'create', SAMPLE, '--language', 'english');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--language: language must be an ISO 639-1 code such as "en" or "de"; nothing was uploaded');
    expect((await cli('clips', 'create', SAMPLE, '--duration', '2s')).code).toBe(2);
    const notes = join(h.env.HOME!, 'notes.mp4');
    writeFileSync(notes, 'Meeting notes: talk about pricing.\n'.repeat(50));
    const text = await cli('clips', 'create', notes);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('notes.mp4 is not a video: its first bytes look like text; nothing was uploaded');
    expect(uploads()).toBe(0);
  });

  it("a file the daemon cannot read fails without the daemon's paths in the message", async () => {
    const up = (await d.call('POST', '/v1/uploads', { auth: `Bearer ${await d.token()}`, body: { content_type: 'video/mp4', file_name: 'notes.mp4' } })).body;
    await fetch(up.upload_url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: 'not a video at all\n'.repeat(100) });
    const job = (await d.call('POST', '/v1/clips', { auth: `Bearer ${await d.token()}`, body: { source: { upload_id: up.upload_id } } })).body;
    await d.processAll();
    const r = await cli('clips', 'get', job.job_id, '--json');
    const got = JSON.parse(r.stdout);
    expect(got.status).toBe('error');
    expect(got.error).toBe('The source is not a video that can be read: cannot read the media: Invalid data found when processing input');
    expect(got.error).not.toContain(d.dataDir);
    expect(got.error).not.toMatch(/\/objects\/|upl_/);
  });

  it('a job with no speech engine carries a warning that clips get prints (item 2)', async () => {
    const up = (await d.call('POST', '/v1/uploads', { auth: `Bearer ${await d.token()}`, body: { content_type: 'video/mp4', file_name: 'sample.mp4' } })).body;
    await fetch(up.upload_url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: (await import('node:fs')).readFileSync(SAMPLE) });
    const job = (await d.call('POST', '/v1/clips', { auth: `Bearer ${await d.token()}`, body: { source: { upload_id: up.upload_id }, criteria: 'pricing and costs' } })).body;
    await d.processAll();
    const json = JSON.parse((await cli('clips', 'get', job.job_id, '--json')).stdout);
    expect(json.warnings).toEqual([{ code: 'no_speech_engine', message: expect.stringContaining('No speech recognition ran') }]);
    const human = await cli('clips', 'get', job.job_id);
    expect(human.stderr).toContain('warning: No speech recognition ran');
    expect(human.stderr).toContain('clipper doctor');
    // Listed from the server with its status and clip count (item 16).
    const list = JSON.parse((await cli('clips', 'list', '--json')).stdout);
    expect(list.jobs.find((j: { job_id: string }) => j.job_id === job.job_id)).toEqual({ job_id: job.job_id, status: json.status, created_at: json.created_at, name: 'sample.mp4', clip_count: json.clips.length });
    expect((await cli('clips', 'list', '--status', 'error', '--jq', '.jobs | length')).stdout.trim()).toBe('1');
    expect((await cli('clips', 'list', '--status', 'finished')).code).toBe(2);
  }, 600_000); // a whole real job (framing included); minutes on a loaded machine
});

describe('missing verbs (item 16)', () => {
  it('posts create writes a draft for a connected platform; publish --wait follows it to published', async () => {
    const clipId = await insertClip(d);
    expect((await cli('posts', 'create', clipId, '--platform', 'short_video')).stderr).toContain('No active connection for short_video');
    await connect(d, 'short_video');
    const made = await cli('posts', 'create', clipId, '--platform', 'short_video', '--json');
    expect(made.code).toBe(0);
    const post = JSON.parse(made.stdout).post;
    expect(post).toMatchObject({ clip_id: clipId, platform: 'short_video', status: 'draft' });
    const again = await cli('posts', 'create', clipId, '--platform', 'short_video');
    expect(again.code).toBe(5);
    expect(again.stderr).toContain(`already has post ${post.id}`);

    // --wait against a server that publishes at the second check (the daemon's own publishing
    // is tested in test/publish; here the CLI's loop is what matters).
    let checks = 0;
    const stub = await startStubApi((path) =>
      path.endsWith('/publish') ? { status: 200, body: { post: { ...post, status: 'queued' } } }
      : { status: 200, body: { post: ++checks < 2 ? { ...post, status: 'processing' } : { ...post, status: 'published', published_url: `https://p.example/${post.id}` } } },
    );
    const { ctx, stdout, stderr } = testContext({ env: { ...env, CLIPPER_BASE_URL: stub.url } });
    ctx.globals.json = 'status,published_url';
    try {
      await publish({ postId: post.id, wait: true, timeout: '5m' }, ctx, Date.now(), { intervalMs: 10 });
    } finally {
      await stub.close();
    }
    expect(ctx.exitCode).toBe(0);
    expect(JSON.parse(stdout.text).post).toEqual({ status: 'published', published_url: `https://p.example/${post.id}` });
    expect(stub.requests).toEqual([`POST /v1/posts/${post.id}/publish`, `GET /v1/posts/${post.id}`, `GET /v1/posts/${post.id}`]);
    expect(stderr.text).toContain('waiting until it is published');
  });

  it('open CLIP --print gives a one-time link to that clip\'s page (item 4)', async () => {
    const clipId = await insertClip(d);
    const r = await cli('open', clipId, '--print', '--json');
    expect(r.code).toBe(0);
    const link = JSON.parse(r.stdout);
    expect(link.expires_at - d.clock.now()).toBe(5 * 60_000);
    const first = await fetch(link.url, { redirect: 'manual' });
    expect(first.headers.get('location')).toBe(`/app/clips/${clipId}`);
    const page = await fetch(`${d.url}/app/clips/${clipId}`, { headers: { cookie: first.headers.get('set-cookie')!.split(';')[0], accept: 'text/html' } });
    expect(page.status).toBe(200);
    const missing = await cli('open', 'clip_nosuchclipxxxxxxxxxx', '--print');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('there is no clip clip_nosuchclipxxxxxxxxxx in your team');
  });

  it('renders list shows the team\'s renders', async () => {
    const clipId = await insertClip(d);
    expect((await cli('renders', 'create', clipId)).code).toBe(0);
    const r = await cli('renders', 'list');
    expect(r.stdout.split('\n')[0]).toBe('RENDER\tSTATUS\tCREATED\tOUTPUT');
    expect(r.stdout).toContain(`${clipId}\tqueued`);
  });

  it('webhooks deliveries --resend sends a failed delivery again', async () => {
    const hook = (await d.call('POST', '/v1/webhooks', { auth: `Bearer ${await d.token()}`, body: { url: 'http://127.0.0.1:1/hook', events: ['*'] } })).body;
    await cli('webhooks', 'trigger', 'post.published');
    await d.app.store.webhookOutbox.fanOut(d.clock.now()); // the event becomes a delivery (nothing sends it here)
    d.app.db.prepare("UPDATE webhook_deliveries SET status = 'failed', attempts = 5 WHERE webhook_id = ?").run(hook.id);
    const [delivery] = JSON.parse((await cli('webhooks', 'deliveries', hook.id, '--json')).stdout).deliveries;
    const r = await cli('webhooks', 'deliveries', hook.id, '--resend', delivery.id, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).delivery).toMatchObject({ id: delivery.id, status: 'pending', attempts: 0 });
    const busy = await cli('webhooks', 'deliveries', hook.id, '--resend', delivery.id);
    expect(busy.code).toBe(5);
    expect((await cli('webhooks', 'deliveries', hook.id, '--resend', 'dlv_nope')).code).toBe(3);
  });

  it('destructive verbs take --yes, and run without asking in a script', async () => {
    const key = JSON.parse((await cli('keys', 'create', '--label', 'gone', '--json')).stdout);
    expect((await cli('keys', 'revoke', key.id, '--yes')).code).toBe(0);
    await connect(d, 'long_video');
    expect((await cli('platforms', 'disconnect', 'long_video')).code).toBe(0);
  });
});
