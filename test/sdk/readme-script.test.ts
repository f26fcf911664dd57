// Issue 18, item 2: "README shows a ten-line script that clips a file and prints the clips": the
// exact script from README's "From code and agents", run with node against a real daemon (its
// workers on), importing the package by its name (`clipper`, resolved through package.json
// "exports" to the built dist/index.js).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { sampleStart } from '../jobs/helpers/sample-cut.js';

const run = promisify(execFile);
const readme = readFileSync('README.md', 'utf8');
const section = readme.slice(readme.indexOf('## From code and agents'));
const script = /```js\n([\s\S]*?)```/.exec(section)![1];
// Inside the package, so `import ... from 'clipper'` resolves to this package itself.
const dir = join(process.cwd(), '.tmp', `readme-script-${process.pid}`);

let d: TestDaemon;
let ticking: NodeJS.Timeout;
beforeAll(async () => {
  // Face tracking off: the script's output is checked here; framing is proven in test/jobs/pipeline-real.
  d = await startTestDaemon({ workers: true, settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  // The script waits in real time (checks 10 s apart); the daemon's minute windows must pass too.
  ticking = setInterval(() => d.clock.advance(1000), 1000);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'script.mjs'), script);
  symlinkSync(sampleStart(), join(dir, 'talk.mp4'));
}, 60_000);
afterAll(async () => {
  clearInterval(ticking);
  await d?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the README script', () => {
  it('is ten lines at most and imports the package by its name', () => {
    expect(script.trim().split('\n').length).toBeLessThanOrEqual(10);
    expect(script).toContain("import { Clipper } from 'clipper';");
  });

  it('clips talk.mp4 and prints each clip with its score, length, title and preview', async () => {
    const key = await d.apiKey();
    const { stdout } = await run(process.execPath, ['script.mjs'], {
      cwd: dir,
      env: { ...process.env, CLIPPER_BASE_URL: d.url, CLIPPER_API_KEY: key, CLIPPER_TOKEN: '' },
      timeout: 480_000,
    });
    const lines = stdout.split('\n').filter(Boolean);
    const { jobs } = (await d.call('GET', '/v1/clips', { auth: `Key ${key}` })).body;
    const job = (await d.call('GET', `/v1/clips/${jobs[0].job_id}`, { auth: `Key ${key}` })).body;
    expect(job.status).toBe('done');
    expect(lines.length, stdout).toBe(job.clips.length);
    for (const line of lines) expect(line).toMatch(/^[01]\.\d\d {2}\d+(\.\d+)?s {2}.+ {2}http:\/\/127\.0\.0\.1:\d+\/objects\/.+signature=/);
  }, 500_000);
});
