import { appendFileSync, copyFileSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../daemon/server/rate-limit.js';
import { runCli } from '../helpers/cli-io.js';
import { jobRow, named, relaxStatusLimits, useWatchFixture, type RunningWatcher } from './helpers/harness.js';

const f = useWatchFixture({ 'v0.mp4': { freq: 440 }, 'v1.mp4': { freq: 550 }, 'v2.mp4': { freq: 660 } });
let w: RunningWatcher;

describe('clipper watch: files arriving', () => {
  // First: the pipeline then runs only this test's job (other tests leave theirs queued).
  it('follows a job within the spec status-check limits, waiting out a 429 for its Retry-After', async () => {
    f.fresh();
    f.d.app.limiter = new RateLimiter(f.d.clock); // the spec's limits, on the daemon's manual clock
    const rejected: number[] = [];
    const statusCheck = f.d.app.limiter.statusCheck.bind(f.d.app.limiter);
    f.d.app.limiter.statusCheck = async (team, key) => {
      try {
        return await statusCheck(team, key);
      } catch (e) {
        rejected.push(Date.now());
        throw e;
      }
    };
    try {
      // One second before the minute window rolls over: a 429 then says Retry-After: 1.
      f.d.clock.set(Math.ceil(f.d.clock.now() / 60_000) * 60_000 + 59_000);
      copyFileSync(f.videos['v2.mp4'], join(f.dir, 'polled.mp4'));
      w = f.watch(); // checks every 50 ms: the 7th check of the job in this minute is refused
      const created = await w.next('job_created');
      for (let i = 0; i < 500 && rejected.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(rejected.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 500));
      // One check and the client's retries of it were refused; then it waits (1 s), not every 50 ms.
      expect(rejected.length).toBeLessThanOrEqual(5);
      await f.d.processAll(); // the job is done meanwhile; the watcher is still refused until...
      f.d.clock.advance(2000); // ...the window rolls over: its next check sees the job done
      expect((await w.next('done')).job_id).toBe(created.job_id);
      expect(named(w.events(), 'failed')).toEqual([]);
      expect(w.stderr()).toMatch(/STATUS_RATE_LIMITED/);
    } finally {
      relaxStatusLimits(f.d);
    }
  });

  it('sends each dropped video once and creates one clip job per file, including files dropped while it runs', async () => {
    f.fresh();
    copyFileSync(f.videos['v0.mp4'], join(f.dir, 'talk.mp4'));
    mkdirSync(join(f.dir, 'day2'));
    copyFileSync(f.videos['v1.mp4'], join(f.dir, 'day2', 'keynote.mov'));
    w = f.watch({ criteria: 'funny moments', duration: '30s', language: 'EN' });
    const first = await w.next('job_created', (e) => e.file === 'talk.mp4');
    const second = await w.next('job_created', (e) => e.file === join('day2', 'keynote.mov'));
    copyFileSync(f.videos['v2.mp4'], join(f.dir, 'later.mp4'));
    const third = await w.next('job_created', (e) => e.file === 'later.mp4');
    await w.stop();

    const events = w.events();
    expect(named(events, 'seen').map((e) => e.file).sort()).toEqual([join('day2', 'keynote.mov'), 'later.mp4', 'talk.mp4']);
    expect(named(events, 'uploaded')).toHaveLength(3);
    expect(named(events, 'job_created')).toHaveLength(3);
    expect(new Set([first.job_id, second.job_id, third.job_id]).size).toBe(3);
    // The daemon holds each file's exact bytes, and each job was made from its upload.
    for (const [e, src] of [[first, f.videos['v0.mp4']], [second, f.videos['v1.mp4']], [third, f.videos['v2.mp4']]] as const) {
      const upload = await f.d.call('GET', `/v1/uploads/${e.upload_id}`, { auth: `Key ${f.key}` });
      expect(upload.body).toMatchObject({ status: 'complete', size_bytes: statSync(src).size, file_name: e.file.split('/').pop() });
      expect(await f.d.app.uploads.objectKeyOf(f.d.rootTeamId, e.upload_id)).toBeTruthy();
      expect(jobRow(f.d, e.job_id)).toMatchObject({ upload_id: e.upload_id, status: 'queued', criteria: 'funny moments', target_duration: 30, language: 'en' });
    }
    expect(events.at(-1)).toMatchObject({ event: 'stopped', reason: 'abort' });
    expect(await w.finished).toBe(0);
    // The jobs are in the CLI's local history, as if made by `clipper clips create`.
    // Issue 13, item 16: `clips list` asks the server; `--local` is the history alone.
    const list = await runCli(['--json', 'clips', 'list', '--local'], { env: f.h.env });
    expect(JSON.parse(list.stdout).jobs.map((j: { job_id: string; source: string }) => [j.job_id, j.source]).sort()).toEqual(
      [[first.job_id, join(f.dir, 'talk.mp4')], [second.job_id, join(f.dir, 'day2', 'keynote.mov')], [third.job_id, join(f.dir, 'later.mp4')]].sort(),
    );
  });

  it('ignores a partial copy until it is renamed, then sends the complete file once', async () => {
    f.fresh();
    w = f.watch();
    await w.next('watching');
    const bytes = readFileSync(f.videos['v0.mp4']);
    const part = join(f.dir, 'movie.mp4.part');
    writeFileSync(part, bytes.subarray(0, 1000));
    await w.next('ignored', (e) => e.file === 'movie.mp4.part');
    appendFileSync(part, bytes.subarray(1000));
    renameSync(part, join(f.dir, 'movie.mp4'));
    const uploaded = await w.next('uploaded', (e) => e.file === 'movie.mp4');
    expect(uploaded.size_bytes).toBe(bytes.length);
    await w.next('job_created', (e) => e.file === 'movie.mp4');
    await w.stop();
    expect(named(w.events(), 'seen').map((e) => e.file)).toEqual(['movie.mp4']);
    expect(named(w.events(), 'ignored').filter((e) => e.file === 'movie.mp4.part')).toHaveLength(1);
  });

  it('does not send a file that is still growing; it is sent whole once its size and mtime settle', async () => {
    f.fresh();
    // Settle window 3 s, appends every 0.1 s: a loaded machine would have to stall one step for
    // 3 s before a growing file looked finished.
    w = f.watch({ settle: '3' });
    await w.next('watching');
    const bytes = readFileSync(f.videos['v1.mp4']);
    const path = join(f.dir, 'recording.mp4');
    const step = Math.ceil(bytes.length / 12);
    for (let at = 0; at < bytes.length; at += step) {
      appendFileSync(path, bytes.subarray(at, at + step));
      await new Promise((r) => setTimeout(r, 100));
      // Still being written: neither seen nor sent.
      expect(named(w.events(), 'seen')).toHaveLength(0);
    }
    const uploaded = await w.next('uploaded', (e) => e.file === 'recording.mp4');
    expect(uploaded.size_bytes).toBe(bytes.length);
    const upload = await f.d.call('GET', `/v1/uploads/${uploaded.upload_id}`, { auth: `Key ${f.key}` });
    expect(upload.body.size_bytes).toBe(bytes.length);
    await w.next('job_created');
    expect(named(w.events(), 'seen')).toHaveLength(1);
  });

  it('ignores temporary, partial, hidden and non-video files; --all sends other files but never partial ones', async () => {
    f.fresh();
    const names = ['.hidden.mp4', 'notes.txt', 'backup.mp4~', 'page.crdownload', 'x.mp4.tmp', 'y.download', 'z.mov.part'];
    for (const n of names) writeFileSync(join(f.dir, n), 'not a video yet');
    mkdirSync(join(f.dir, '.sync'));
    copyFileSync(f.videos['v0.mp4'], join(f.dir, '.sync', 'staged.mp4'));
    copyFileSync(f.videos['v2.mp4'], join(f.dir, 'real.mp4'));
    w = f.watch();
    await w.next('job_created', (e) => e.file === 'real.mp4');
    await w.stop();
    const ignored = Object.fromEntries(named(w.events(), 'ignored').map((e) => [e.file, e.reason]));
    expect(ignored).toEqual({
      '.hidden.mp4': 'hidden file',
      'notes.txt': 'not a video (use --all to send every file)',
      'backup.mp4~': 'temporary file',
      'page.crdownload': 'partial download or copy',
      'x.mp4.tmp': 'partial download or copy',
      'y.download': 'partial download or copy',
      'z.mov.part': 'partial download or copy',
    });
    // A dot folder is not even walked.
    expect(w.events().some((e) => 'file' in e && String(e.file).includes('staged'))).toBe(false);
    expect(named(w.events(), 'seen').map((e) => e.file)).toEqual(['real.mp4']);

    // --all: notes.txt goes too (as application/octet-stream); partial and hidden files still do not.
    w = f.watch({ all: true });
    const notes = await w.next('uploaded', (e) => e.file === 'notes.txt');
    await w.next('job_created', (e) => e.file === 'notes.txt');
    await w.stop();
    expect(named(w.events(), 'seen').map((e) => e.file)).toEqual(['notes.txt']);
    const upload = await f.d.call('GET', `/v1/uploads/${notes.upload_id}`, { auth: `Key ${f.key}` });
    expect(upload.body.content_type).toBe('application/octet-stream');
  });

  it('reports a failed step and tries it again later, without sending the file twice', async () => {
    f.fresh();
    // The daemon fails the first POST /v1/clips (500), as a busy database might.
    const claim = f.d.app.uploads.claimForJob.bind(f.d.app.uploads);
    let failures = 1;
    f.d.app.uploads.claimForJob = async (...args) => {
      if (failures-- > 0) throw new Error('database is locked');
      return await claim(...args);
    };
    try {
      copyFileSync(f.videos['v1.mp4'], join(f.dir, 'retry.mp4'));
      w = f.watch();
      const failed = await w.next('failed');
      expect(failed).toMatchObject({ file: 'retry.mp4', stage: 'job_create', final: false, code: 'INTERNAL_ERROR' });
      const created = await w.next('job_created');
      await w.stop();
      expect(named(w.events(), 'uploaded')).toHaveLength(1);
      expect(jobRow(f.d, created.job_id)!.upload_id).toBe(named(w.events(), 'uploaded')[0].upload_id);
    } finally {
      f.d.app.uploads.claimForJob = claim;
    }
  });

});
