import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { CliContext } from '../../src/cli/context.js';
import { run as createRender } from '../../src/cli/renders/create.js';
import { run as editPost } from '../../src/cli/posts/edit.js';
import { parseAt } from '../../src/cli/posts/publish.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { Capture, cliHarness, runCli, testContext, type CliHarness } from '../helpers/cli-io.js';
import { SHORT, insertClip, previewReady, probe } from './helpers.js';

let d: TestDaemon;
let h: CliHarness;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  h = cliHarness();
  env = { ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token() };
});
afterAll(async () => {
  await d.stop();
  h.cleanup();
});

async function cli(...args: string[]) {
  const r = await runCli(args, { env });
  return { ...r, json: () => JSON.parse(r.stdout) };
}

describe('clipper platforms, posts and renders', () => {
  it('connects, lists and disconnects platforms', async () => {
    const c = await cli('platforms', 'connect', 'long_video', '--account', 'studio', '--json');
    expect(c.code).toBe(0);
    expect(c.json()).toMatchObject({ platform: 'long_video', connector: 'local', account_name: 'studio', status: 'active' });
    const list = await cli('platforms', 'list', '--json');
    expect(list.json().platforms.map((p: any) => p.platform)).toContain('long_video');
    const table = await cli('platforms', 'list');
    expect(table.stdout).toMatch(/long_video\s.*local\s.*studio/);
    expect((await cli('platforms', 'connect', 'myspace')).code).toBe(2);
    expect((await cli('platforms', 'connect', 'short_video', '--connector', 'nowhere')).code).toBe(1);
    expect((await cli('platforms', 'disconnect', 'long_video', '--json')).json()).toEqual({ platform: 'long_video', deleted: true });
    expect((await cli('platforms', 'disconnect', 'long_video')).code).toBe(3);
  });

  it('lists, shows, edits, schedules and cancels posts', async () => {
    await cli('platforms', 'connect', 'short_video');
    const clipId = await insertClip(d, { script: SHORT });
    await previewReady(d, clipId);
    const list = await cli('posts', 'list', clipId, '--json');
    const id = list.json().posts[0].id;
    expect((await cli('posts', 'list', clipId)).stdout).toContain(id);
    const edit = await cli('posts', 'edit', id, '--caption', 'Line one\\nLine two', '--privacy', 'self_only', '--disable-duet', '--json');
    expect(edit.code).toBe(0);
    expect(edit.json().post).toMatchObject({ caption: 'Line one\nLine two', short_video: { privacy_level: 'SELF_ONLY', disable_duet: true, disable_comment: false } });
    const wrong = await cli('posts', 'edit', id, '--title', 'not here');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/BAD_REQUEST.*title/);
    expect((await cli('posts', 'edit', id)).code).toBe(2); // no flags and no terminal
    // Issue 17: the published video's caption style and layout, checked by the CLI before sending.
    const look = await cli('posts', 'edit', id, '--style', 'karaoke', '--layout', 'fit', '--json');
    expect(look.json().post).toMatchObject({ caption_style: 'karaoke', layout: 'fit' });
    expect((await cli('posts', 'edit', id, '--style', 'comic-sans')).code).toBe(2);

    const soon = await cli('posts', 'publish', id, '--at', '+1m');
    expect(soon.code).toBe(1);
    expect(soon.stderr).toMatch(/5 minutes/);
    const at = await cli('posts', 'publish', id, '--at', new Date(d.clock.now() + 3_600_000).toISOString(), '--json');
    expect(at.json().post).toMatchObject({ status: 'scheduled', scheduled_at: d.clock.now() + 3_600_000 });
    const shown = await cli('posts', 'get', id);
    expect(shown.stdout).toContain('scheduled for');
    const cancel = await cli('posts', 'cancel', id, '--json');
    expect(cancel.json().post.status).toBe('cancelled');
    expect((await cli('posts', 'cancel', id)).code).toBe(1);
    expect((await cli('posts', 'get', 'post_nothing')).code).toBe(3);
  });

  it('asks field by field on a terminal when edit gets no flags', async () => {
    await cli('platforms', 'connect', 'long_video');
    const clipId = await insertClip(d, { script: SHORT });
    await previewReady(d, clipId);
    const post = (await cli('posts', 'list', clipId, '--json')).json().posts.find((p: any) => p.platform === 'long_video');
    // Keystrokes arrive one answer at a time, as a person types them.
    const stdout = new Capture(true);
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const ctx = new CliContext({ stdout, stderr: new Capture(true), stdin, env });
    const answers = ['\x15Pricing, plainly\r', '\x15A new description\r', '\x1527\r'];
    const feed = setInterval(() => {
      const next = answers.shift();
      if (next) stdin.write(next);
      else clearInterval(feed);
    }, 100);
    await editPost({ postId: post.id }, ctx);
    clearInterval(feed);
    const after = (await cli('posts', 'get', post.id, '--json')).json().post;
    expect(after).toMatchObject({ title: 'Pricing, plainly', caption: 'A new description', long_video: { category_id: '27' } });
    expect(stdout.text).toContain('Pricing, plainly');
  });

  it('renders create --output waits and downloads the 1080x1920 MP4', async () => {
    const clipId = await insertClip(d, { script: SHORT });
    const { ctx, stdout } = testContext({ env });
    ctx.globals = { json: true };
    const file = join(d.dataDir, 'cli-render.mp4');
    await createRender({ clipId, output: file }, ctx, { intervalMs: 0, sleep: () => d.processAll() });
    expect(ctx.exitCode).toBe(0);
    const out = JSON.parse(stdout.text);
    expect(out).toMatchObject({ render_id: clipId, status: 'done', output_file: file });
    expect(probe(file).streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1080, height: 1920 });
    const get = await cli('renders', 'get', clipId, '--json');
    expect(get.json()).toMatchObject({ render_id: clipId, status: 'done' });
  });
});

describe('--at', () => {
  it('takes ISO times and +delays', () => {
    expect(parseAt('+10m', 1000)).toBe(1000 + 600_000);
    expect(parseAt('+2h', 0)).toBe(7_200_000);
    expect(parseAt('+1d', 0)).toBe(86_400_000);
    expect(parseAt('2030-05-01T09:30:00Z')).toBe(Date.UTC(2030, 4, 1, 9, 30));
    expect(() => parseAt('tomorrow')).toThrow(/--at/);
    expect(() => parseAt('+10x')).toThrow(/--at/);
  });
});
