import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { cliHarness, type CliHarness } from '../helpers/cli-io.js';
import { connect, insertClip, previewReady } from './helpers.js';

// Issue 29, item 2's CLI gaps, through the built CLI (bin/clipper, dist/) against a loopback
// daemon: `posts publish` takes the look flags (set on the draft first: the publish call takes
// only the time), `--keep` puts a removed span back on `renders create` and `posts publish`, and
// `clips cuts` lists the spans as --keep values. Nothing renders (the daemon runs no workers).

let d: TestDaemon;
let h: CliHarness;
let env: NodeJS.ProcessEnv;
const BIN = join(process.cwd(), 'bin', 'clipper');

beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  h = cliHarness();
  env = { ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token() };
  await connect(d, 'short_video');
});
afterAll(async () => {
  await d?.stop();
  h?.cleanup();
});

/** The built CLI in a child process (the daemon runs in this one, so never a sync spawn). */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; json: () => any }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, json: () => JSON.parse(stdout) });
    });
  });
}

const SAID = 'so um here is the thing. pricing is hard';

describe('clipper clips cuts, --keep, and posts publish with the look flags', () => {
  it('clips cuts lists each removed span as the --keep value that puts it back', async () => {
    const clipId = await insertClip(d, { script: SAID });
    const human = await cli('clips', 'cuts', clipId);
    expect(human.code).toBe(0);
    const json = (await cli('clips', 'cuts', clipId, '--fillers', '--json')).json();
    const um = json.removed.find((r: { text?: string }) => r.text === 'um');
    expect(um).toBeDefined();
    expect(json.removed.every((r: { kind: string }) => r.kind === 'filler')).toBe(true);
    expect(human.stdout).toContain(`${um.start.toFixed(2)}-${um.end.toFixed(2)}`);
    expect(human.stderr).toMatch(/--keep START-END/);
  }, 60_000);

  it('renders create --keep sends the spans; a span that is not START-END is a usage error that starts nothing', async () => {
    const clipId = await insertClip(d, { script: SAID });
    const um = (await cli('clips', 'cuts', clipId, '--json')).json().removed.find((r: { text?: string }) => r.text === 'um');
    const span = `${um.start}-${um.end}`;
    const r = await cli('renders', 'create', clipId, '--remove-fillers', '--keep', span, '--keep', '100-101,102.5-103', '--json');
    expect(r.code).toBe(0);
    const got = (await cli('renders', 'get', clipId, '--json')).json();
    expect(got).toMatchObject({ remove_fillers: true, keep: [{ start: um.start, end: um.end }, { start: 100, end: 101 }, { start: 102.5, end: 103 }] });
    const other = await insertClip(d, { script: SAID });
    const bad = await cli('renders', 'create', other, '--remove-fillers', '--keep', '5-3');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--keep takes START-END/);
    expect(await d.app.renders.repo.get(other)).toBeUndefined();
  }, 60_000);

  it('posts publish --aspect --remove-fillers --remove-silences --keep sets the draft\'s look, then schedules it', async () => {
    const clipId = await insertClip(d, { script: SAID });
    await previewReady(d, clipId);
    const id = (await d.app.posts.repo.listByClip(clipId))[0].id;
    const r = await cli('posts', 'publish', id, '--at', '+2h', '--aspect', '4:5', '--remove-fillers', '--remove-silences', '--keep', '1-1.5', '--json');
    expect(r.code).toBe(0);
    expect(r.json().post).toMatchObject({ status: 'scheduled', aspect: '4:5', remove_fillers: true, remove_silences: true, keep: [{ start: 1, end: 1.5 }] });
    const shown = (await cli('posts', 'get', id, '--json')).json().post;
    expect(shown).toMatchObject({ status: 'scheduled', aspect: '4:5' });
  }, 60_000);

  it('posts publish with a refused look publishes nothing; a bad --keep is refused before any call', async () => {
    const clipId = await insertClip(d, { script: SAID });
    await previewReady(d, clipId);
    const id = (await d.app.posts.repo.listByClip(clipId))[0].id;
    const ratio = await cli('posts', 'publish', id, '--aspect', '3:2');
    expect(ratio.code).toBe(2);
    expect(ratio.stderr).toContain('9:16');
    const keep = await cli('posts', 'publish', id, '--remove-fillers', '--keep', 'soon');
    expect(keep.code).toBe(2);
    const post = (await d.app.posts.repo.byId(id))!;
    expect(post.status).toBe('draft');
    expect((await cli('posts', 'get', id, '--json')).json().post.remove_fillers ?? false).toBe(false);
  }, 60_000);

  it('posts publish refused (too soon, or not a draft) changes no look: the flags go with the publish call', async () => {
    const clipId = await insertClip(d, { script: SAID });
    await previewReady(d, clipId);
    const id = (await d.app.posts.repo.listByClip(clipId))[0].id;
    const soon = await cli('posts', 'publish', id, '--at', '+1m', '--aspect', '1:1', '--remove-fillers');
    expect(soon.code).not.toBe(0);
    expect(soon.stderr).toMatch(/at least 5 minutes/);
    const after = (await cli('posts', 'get', id, '--json')).json().post;
    expect(after.status).toBe('draft');
    expect(after.aspect).toBeUndefined();
    expect(after.remove_fillers).toBeUndefined();
    // Through the API: the extension fields are validated with the rest, and land with the publish.
    const post = (body: object, postId = id) => fetch(`${d.url}/v1/posts/${postId}/publish`, { method: 'POST', headers: { authorization: `Bearer ${env.CLIPPER_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const bad = await post({ aspect: '3:2' });
    expect(bad.status).toBe(400);
    // Spec "Errors": the envelope, naming the field.
    expect(((await bad.json()) as { error: object }).error).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'aspect' } });
    expect((await cli('posts', 'get', id, '--json')).json().post.status).toBe('draft');
    expect((await post({ aspect: '1:1' }, 'post_doesnotexist')).status).toBe(404);
    const ok = await post({ aspect: '16:9', scheduled_at: Date.now() + 3_600_000 });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { post: object }).post).toMatchObject({ status: 'scheduled', aspect: '16:9' });
    const again = await post({ aspect: '1:1' });
    expect(again.status).toBe(400);
    expect(await again.text()).toMatch(/is scheduled; only draft posts/);
    expect((await cli('posts', 'get', id, '--json')).json().post).toMatchObject({ status: 'scheduled', aspect: '16:9' });
  }, 60_000);

  it('help shows the flags with examples', async () => {
    const publish = await cli('posts', 'publish', '--help');
    for (const flag of ['--aspect <ratio>', '--remove-fillers', '--remove-silences', '--keep <start-end>', '--at <time>']) expect(publish.stdout).toContain(flag);
    expect(publish.stdout).toMatch(/clipper posts publish post_\w+ --at \+2h --aspect 4:5 --remove-fillers --keep 3\.10-3\.42/);
    const render = await cli('renders', 'create', '--help');
    expect(render.stdout).toContain('--keep <start-end>');
    expect(render.stdout).toMatch(/--aspect 1:1 --remove-fillers --remove-silences --keep 12\.40-12\.95/);
    expect((await cli('clips', 'cuts', '--help')).stdout).toMatch(/clipper clips cuts clip_\w+ --fillers --json/);
  }, 60_000);
});
