import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { beforeEach, describe, expect, it } from 'vitest';
import { runProgram } from '../../src/cli/main.js';
import { UploadCleanup } from '../../daemon/resources/uploads/cleanup.js';
import { silentLogger } from '../../daemon/log.js';
import { runCli, testContext } from '../helpers/cli-io.js';
import { driveJobs, jobRow, startCli, useWatchFixture } from './helpers/harness.js';

const f = useWatchFixture({ 'v0.mp4': { freq: 300 }, 'v1.mp4': { freq: 400 } });
let dir: string;

beforeEach(() => {
  f.fresh();
  dir = f.dir;
  // A fresh minute for the daemon's status-check limits (its clock is manual).
  f.d.clock.advance(61_000);
});

/** `clipper ARGS` in the background while the daemon's workers run the real clip pipeline. */
async function runDrivingJobs(args: string[], e = env()) {
  const run = startCli(args, e);
  await driveJobs(f.d, run.exit);
  return { code: await run.exit, stdout: run.stdout(), stderr: run.stderr() };
}

const env = () => ({ ...f.h.env, CLIPPER_BASE_URL: f.d.url, CLIPPER_API_KEY: f.key });
const fast = ['--settle', '0.2', '--poll-interval', '50ms', '--status-checks', '100000'];
const lines = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));

/** Keys each event line has (beyond `event` and `time`), required and optional. */
const SHAPES: Record<string, { required: string[]; optional?: string[] }> = {
  watching: { required: ['dir', 'server', 'state_file', 'known_files', 'once'] }, // server: issue 13, item 17
  seen: { required: ['file', 'size_bytes', 'sha256', 'resumed'] },
  ignored: { required: ['file', 'reason'] },
  duplicate: { required: ['file', 'sha256', 'of', 'stage'], optional: ['job_id'] },
  uploading: { required: ['file', 'sent_bytes', 'total_bytes', 'progress', 'resumed'], optional: ['upload_id'] },
  uploaded: { required: ['file', 'upload_id', 'size_bytes', 'multipart', 'resumed'] },
  job_created: { required: ['file', 'job_id', 'upload_id'] },
  done: { required: ['file', 'job_id', 'clips'] },
  rendered: { required: ['file', 'job_id', 'clip_id', 'render_id'], optional: ['output_url'] },
  published: { required: ['file', 'job_id', 'clip_id', 'post_id', 'platform', 'status'], optional: ['published_url'] },
  failed: { required: ['file', 'stage', 'error', 'final'], optional: ['code', 'job_id', 'clip_id', 'post_id'] },
  stopped: { required: ['reason', 'files_in_progress'] },
};

describe('clipper watch --once --json', () => {
  it('processes what is there to the end (job done, clips rendered, drafts published), one JSON object a line, then exits 0', async () => {
    // Drafts appear for connected platforms when a clip's preview is ready (the local connector publishes on the daemon).
    for (const platform of ['short_video', 'long_video']) {
      const connected = await f.d.call('POST', '/v1/platforms', { auth: `Bearer ${await f.d.token()}`, body: { platform, connector: 'local', account_name: 'me' } });
      expect(connected.status).toBeLessThan(300);
    }
    copyFileSync(f.videos['v0.mp4'], join(dir, 'talk.mp4'));
    const r = await runDrivingJobs(['--json', 'watch', dir, '--once', ...fast, '--criteria', 'jokes', '--render', '--publish', 'short_video']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = lines(r.stdout);
    for (const e of events) {
      const shape = SHAPES[e.event];
      expect(shape, `unknown event ${e.event}`).toBeDefined();
      expect(typeof e.time).toBe('number');
      for (const k of shape.required) expect(e, `${e.event}.${k}`).toHaveProperty(k);
      expect(Object.keys(e).filter((k) => !['event', 'time', ...shape.required, ...(shape.optional ?? [])].includes(k))).toEqual([]);
    }
    const job = events.find((e) => e.event === 'job_created');
    const clipIds = (await f.d.call('GET', `/v1/clips/${job.job_id}`, { auth: `Key ${f.key}` })).body.clips.map((c: { id: string }) => c.id).sort();
    expect(clipIds.length).toBeGreaterThanOrEqual(1);
    const perClip = (name: string) => Array<string>(clipIds.length).fill(name);
    expect(events.map((e) => e.event)).toEqual(['watching', 'seen', 'uploading', 'uploaded', 'job_created', 'done', ...perClip('rendered'), ...perClip('published'), 'stopped']);
    expect(events.find((e) => e.event === 'done')).toMatchObject({ file: 'talk.mp4', job_id: job.job_id, clips: clipIds.length });
    expect(events.filter((e) => e.event === 'rendered').map((e) => e.clip_id).sort()).toEqual(clipIds);
    // Only the asked platform's drafts were published; the others are still drafts.
    const published = events.filter((e) => e.event === 'published');
    expect(published.every((e) => e.platform === 'short_video' && e.status === 'published' && e.published_url)).toBe(true);
    for (const clipId of clipIds) {
      const posts = (await f.d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${f.key}` })).body.posts as Array<{ platform: string; status: string }>;
      expect(posts.map((p) => [p.platform, p.status]).sort()).toEqual([['long_video', 'draft'], ['short_video', 'published']]);
    }
    const rendered = events.find((e) => e.event === 'rendered');
    expect((await request(rendered.output_url)).statusCode).toBe(200);
    expect(jobRow(f.d, job.job_id)).toMatchObject({ status: 'done', criteria: 'jokes' });
    expect(events.at(-1)).toMatchObject({ event: 'stopped', reason: 'idle', files_in_progress: 0 });

    // Run again: everything is known, so it sends, renders and publishes nothing.
    const again = await runCli(['--json', 'watch', dir, '--once', ...fast, '--render', '--publish', 'short_video'], { env: env() });
    expect(again.code).toBe(0);
    expect(lines(again.stdout).map((e) => e.event)).toEqual(['watching', 'stopped']);
  });

  it('exits 7 when a job ends in error, and reports it as a final failure', async () => {
    writeFileSync(join(dir, 'broken.mp4'), 'not a video at all');
    const r = await runDrivingJobs(['--json', 'watch', dir, '--once', ...fast]);
    expect(r.code).toBe(7);
    const failed = lines(r.stdout).find((e) => e.event === 'failed');
    expect(failed).toMatchObject({ file: 'broken.mp4', stage: 'job', final: true, error: expect.stringContaining('not a video') });
    // A failed job is final: a later run does not send the file again.
    const again = await runCli(['--json', 'watch', dir, '--once', ...fast], { env: env() });
    expect(lines(again.stdout).map((e) => e.event)).toEqual(['watching', 'stopped']);
  });

  it('prints a line per event for a person without --json', async () => {
    copyFileSync(f.videos['v0.mp4'], join(dir, 'talk.mp4'));
    copyFileSync(f.videos['v0.mp4'], join(dir, 'talk-copy.mp4'));
    const r = await runDrivingJobs(['watch', dir, '--once', ...fast, '--concurrency', '1']);
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[0]);
    // The duplicate's line comes whenever its hash is done; the others keep their order.
    expect(out.filter((w) => w !== 'duplicate')).toEqual(['seen', 'uploading', 'uploaded', 'job', 'done']);
    expect(out.filter((w) => w === 'duplicate')).toHaveLength(1);
    expect(r.stdout).toMatch(/duplicate +talk(-copy)?\.mp4: same content as talk(-copy)?\.mp4 \(.*\), not sent again/);
    expect(r.stderr).toMatch(/^processing .*inbox/);
    expect(r.stderr).toMatch(/stopped \(idle\)/);
  });

  it('stops when the service refuses the job options, keeping the upload for the next run', async () => {
    copyFileSync(f.videos['v1.mp4'], join(dir, 'talk.mp4'));
    const r = await runCli(['--json', 'watch', dir, ...fast, '--duration', '2h'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error BAD_REQUEST: target_duration: target_duration must be between 5 and 600 seconds/);
    const events = lines(r.stdout);
    expect(events.find((e) => e.event === 'failed')).toMatchObject({ stage: 'job_create', code: 'BAD_REQUEST' });
    expect(events.at(-1)).toMatchObject({ event: 'stopped', reason: 'refused', files_in_progress: 1 });
    const uploaded = events.find((e) => e.event === 'uploaded');

    const fixed = await runDrivingJobs(['--json', 'watch', dir, '--once', ...fast, '--duration', '45']);
    expect(fixed.code).toBe(0);
    const again = lines(fixed.stdout);
    expect(again.filter((e) => e.event === 'uploaded')).toEqual([]);
    const job = again.find((e) => e.event === 'job_created');
    expect(job.upload_id).toBe(uploaded.upload_id);
    expect(jobRow(f.d, job.job_id)).toMatchObject({ upload_id: uploaded.upload_id, target_duration: 45 });
  });

  it('sends a file again when its upload expired before a job was made from it', async () => {
    copyFileSync(f.videos['v0.mp4'], join(dir, 'late.mp4'));
    const refused = await runCli(['--json', 'watch', dir, ...fast, '--duration', '2h'], { env: env() });
    expect(refused.code).toBe(1);
    const first = lines(refused.stdout).find((e) => e.event === 'uploaded');
    // A day later the nightly cleanup removes the unused upload.
    f.d.clock.advance(25 * 3_600_000);
    const report = await new UploadCleanup({ clock: f.d.clock, log: silentLogger, repo: f.d.app.store.uploads, objects: f.d.app.objects }).runOnce();
    expect(report.removed.map((r) => r.upload_id)).toContain(first.upload_id);

    const r = await runDrivingJobs(['--json', 'watch', dir, '--once', ...fast, '--status-checks', '100000']);
    expect(r.code).toBe(0);
    const events = lines(r.stdout);
    expect(events.filter((e) => e.event === 'failed')).toEqual([]);
    expect(events.find((e) => e.event === 'seen')).toMatchObject({ file: 'late.mp4', resumed: true });
    const again = events.find((e) => e.event === 'uploaded');
    expect(again.upload_id).not.toBe(first.upload_id);
    expect(events.find((e) => e.event === 'job_created').upload_id).toBe(again.upload_id);
  });

  it('refuses bad options with exit code 2 before watching anything', async () => {
    for (const args of [['--publish', 'myspace'], ['--language', 'english'], ['--language', 'xx'], ['--concurrency', '0'], ['--settle', 'soon'], ['--duration', 'long']]) {
      const r = await runCli(['watch', dir, ...args], { env: env() });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/error USAGE/);
    }
    // A refused credential stops the watcher (no retry can fix it): exit 4.
    copyFileSync(f.videos['v0.mp4'], join(dir, 'a.mp4'));
    const refused = await runCli(['--json', 'watch', dir, ...fast], { env: { ...env(), CLIPPER_API_KEY: `wrong-${f.d.rootTeamId}` } });
    expect(refused.code).toBe(4);
    expect(lines(refused.stdout).at(-1)).toMatchObject({ event: 'stopped', reason: 'unauthorized' });
    expect(refused.stderr).toMatch(/error UNAUTHORIZED/);
    rmSync(f.h.stateDir, { recursive: true, force: true });

    const missing = await runCli(['watch', join(dir, 'nope'), '--once'], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/is not a folder/);
    expect(existsSync(join(f.h.stateDir, 'watch'))).toBe(false);
  });
});

describe('clipper watch: stopping', () => {
  it('Ctrl-C stops cleanly: state saved, lock released, exit 0; a second watcher of the same folder is refused meanwhile', async () => {
    // Jobs stay queued (no workers run here): the watcher keeps following them.
    copyFileSync(f.videos['v0.mp4'], join(dir, 'a.mp4'));
    const { ctx, stdout, stderr } = testContext({ env: env() });
    const running = runProgram(ctx, ['node', 'clipper', '--json', 'watch', dir, ...fast]);
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 1500 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => stdout.text.includes('"job_created"'));
    expect(stdout.text).toContain('"job_created"');

    const second = await runCli(['watch', dir, '--once'], { env: env() });
    expect(second.code).toBe(5);
    expect(second.stderr).toMatch(/another clipper watch \(pid \d+\) is watching/);

    process.emit('SIGINT');
    expect(await running).toBe(0);
    expect(stderr.text).toMatch(/stopping \(SIGINT\)/);
    const events = lines(stdout.text);
    expect(events.at(-1)).toMatchObject({ event: 'stopped', reason: 'SIGINT', files_in_progress: 1 });
    expect(process.listenerCount('SIGINT')).toBe(0);
    const watchDir = join(f.h.stateDir, 'watch');
    expect(readdirSync(watchDir).filter((f) => !f.endsWith('.json'))).toEqual([]); // no lock, no temp file
    const state = JSON.parse(readFileSync(join(watchDir, readdirSync(watchDir)[0]), 'utf8'));
    const job = events.find((e) => e.event === 'job_created');
    expect(Object.values(state.files)).toMatchObject([{ file: 'a.mp4', stage: 'job_created', job_id: job.job_id, upload_id: job.upload_id }]);
  });
});
