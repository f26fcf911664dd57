import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { cliHarness, runCli, type CliHarness } from '../helpers/cli-io.js';
import { connect, insertClip, previewReady } from './helpers.js';

// Issue 29: `--aspect`, `--remove-fillers` and `--remove-silences` on `renders create` and
// `posts edit` (DESIGN.md "Third round"). Nothing renders (the test daemon runs no workers).

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

describe('clipper --aspect, --remove-fillers, --remove-silences', () => {
  it('renders create sends them; a ratio outside the list is a usage error', async () => {
    const clipId = await insertClip(d, { script: 'so um here is the thing. pricing is hard' });
    const r = await cli('renders', 'create', clipId, '--aspect', '1:1', '--remove-fillers', '--remove-silences', '--json');
    expect(r.code).toBe(0);
    const got = await cli('renders', 'get', clipId, '--json');
    expect(got.json()).toMatchObject({ aspect: '1:1', remove_fillers: true, remove_silences: true, duration: expect.any(Number) });
    const bad = await cli('renders', 'create', clipId, '--aspect', '3:2');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('9:16');
  });

  it('posts edit sets them and --no-remove-fillers turns one off', async () => {
    await connect(d, 'short_video');
    const clipId = await insertClip(d, { script: 'so um here is the thing' });
    await previewReady(d, clipId);
    const id = (await d.app.posts.repo.listByClip(clipId))[0].id;
    const on = await cli('posts', 'edit', id, '--aspect', '4:5', '--remove-fillers', '--json');
    expect(on.json().post).toMatchObject({ aspect: '4:5', remove_fillers: true });
    const off = await cli('posts', 'edit', id, '--no-remove-fillers', '--remove-silences', '--json');
    expect(off.json().post).toMatchObject({ aspect: '4:5', remove_fillers: false, remove_silences: true });
  });
});
