import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestDaemon } from '../helpers/daemon.js';
import { cliHarness, type CliHarness } from '../helpers/cli-io.js';
import type { InterimService } from './helpers/interim-routes.js';
import { makeVideo, named, startWatchDaemon, startWatcher, type RunningWatcher } from './helpers/harness.js';

let d: TestDaemon;
let svc: InterimService;
let key: string;
let media: string;
let h: CliHarness;
let dir: string;
let w: RunningWatcher | undefined;
const videos: string[] = [];

beforeAll(async () => {
  ({ d, svc, key } = await startWatchDaemon());
  media = mkdtempSync(join(tmpdir(), 'clipper-watch-media-'));
  for (const [i, freq] of [440, 550, 660].entries()) videos.push(await makeVideo(join(media, `v${i}.mp4`), { freq }));
});
afterAll(async () => {
  await d.stop();
  rmSync(media, { recursive: true, force: true });
});
afterEach(async () => {
  await w?.stop();
  w = undefined;
  h?.cleanup();
});
const fresh = () => {
  h = cliHarness();
  dir = join(h.env.HOME!, 'inbox');
  mkdirSync(dir);
};

describe('clipper watch: files arriving', () => {
  it('sends each dropped video once and creates one clip job per file, including files dropped while it runs', async () => {
    fresh();
    copyFileSync(videos[0], join(dir, 'talk.mp4'));
    mkdirSync(join(dir, 'day2'));
    copyFileSync(videos[1], join(dir, 'day2', 'keynote.mov'));
    w = startWatcher(d, key, dir, h.env, { criteria: 'funny moments', duration: '30s', language: 'EN' });
    const first = await w.next('job_created', (e) => e.file === 'talk.mp4');
    const second = await w.next('job_created', (e) => e.file === join('day2', 'keynote.mov'));
    copyFileSync(videos[2], join(dir, 'later.mp4'));
    const third = await w.next('job_created', (e) => e.file === 'later.mp4');
    await w.stop();

    const events = w.events();
    expect(named(events, 'seen').map((e) => e.file).sort()).toEqual([join('day2', 'keynote.mov'), 'later.mp4', 'talk.mp4']);
    expect(named(events, 'uploaded')).toHaveLength(3);
    expect(named(events, 'job_created')).toHaveLength(3);
    expect(new Set([first.job_id, second.job_id, third.job_id]).size).toBe(3);
    // The daemon holds each file's exact bytes, and each job was made from its upload.
    for (const [e, src] of [[first, videos[0]], [second, videos[1]], [third, videos[2]]] as const) {
      const upload = await d.call('GET', `/v1/uploads/${e.upload_id}`, { auth: `Key ${key}` });
      expect(upload.body).toMatchObject({ status: 'complete', size_bytes: statSync(src).size, file_name: e.file.split('/').pop() });
      expect(d.app.uploads.objectKeyOf(d.rootTeamId, e.upload_id)).toBeTruthy();
      const job = svc.jobs.get(e.job_id)!;
      expect(job.upload_id).toBe(e.upload_id);
      expect(job.body).toMatchObject({ criteria: 'funny moments', target_duration: 30, language: 'en' });
    }
    expect(events.at(-1)).toMatchObject({ event: 'stopped', reason: 'abort' });
    expect(await w.finished).toBe(0);
  });

  it('ignores a partial copy until it is renamed, then sends the complete file once', async () => {
    fresh();
    w = startWatcher(d, key, dir, h.env);
    await w.next('watching');
    const bytes = readFileSync(videos[0]);
    const part = join(dir, 'movie.mp4.part');
    writeFileSync(part, bytes.subarray(0, 1000));
    await w.next('ignored', (e) => e.file === 'movie.mp4.part');
    appendFileSync(part, bytes.subarray(1000));
    renameSync(part, join(dir, 'movie.mp4'));
    const uploaded = await w.next('uploaded', (e) => e.file === 'movie.mp4');
    expect(uploaded.size_bytes).toBe(bytes.length);
    await w.next('job_created', (e) => e.file === 'movie.mp4');
    await w.stop();
    expect(named(w.events(), 'seen').map((e) => e.file)).toEqual(['movie.mp4']);
    expect(named(w.events(), 'ignored').filter((e) => e.file === 'movie.mp4.part')).toHaveLength(1);
  });

  it('does not send a file that is still growing; it is sent whole once its size and mtime settle', async () => {
    fresh();
    w = startWatcher(d, key, dir, h.env, { settle: '1' });
    await w.next('watching');
    const bytes = readFileSync(videos[1]);
    const path = join(dir, 'recording.mp4');
    const step = Math.ceil(bytes.length / 12);
    for (let at = 0; at < bytes.length; at += step) {
      appendFileSync(path, bytes.subarray(at, at + step));
      await new Promise((r) => setTimeout(r, 100));
      // Still being written: neither seen nor sent.
      expect(named(w.events(), 'seen')).toHaveLength(0);
    }
    const uploaded = await w.next('uploaded', (e) => e.file === 'recording.mp4');
    expect(uploaded.size_bytes).toBe(bytes.length);
    const upload = await d.call('GET', `/v1/uploads/${uploaded.upload_id}`, { auth: `Key ${key}` });
    expect(upload.body.size_bytes).toBe(bytes.length);
    await w.next('job_created');
    expect(named(w.events(), 'seen')).toHaveLength(1);
  });

  it('ignores temporary, partial, hidden and non-video files; --all sends other files but never partial ones', async () => {
    fresh();
    const names = ['.hidden.mp4', 'notes.txt', 'backup.mp4~', 'page.crdownload', 'x.mp4.tmp', 'y.download', 'z.mov.part'];
    for (const n of names) writeFileSync(join(dir, n), 'not a video yet');
    mkdirSync(join(dir, '.sync'));
    copyFileSync(videos[0], join(dir, '.sync', 'staged.mp4'));
    copyFileSync(videos[2], join(dir, 'real.mp4'));
    w = startWatcher(d, key, dir, h.env);
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
    w = startWatcher(d, key, dir, h.env, { all: true });
    const notes = await w.next('uploaded', (e) => e.file === 'notes.txt');
    await w.next('job_created', (e) => e.file === 'notes.txt');
    await w.stop();
    expect(named(w.events(), 'seen').map((e) => e.file)).toEqual(['notes.txt']);
    const upload = await d.call('GET', `/v1/uploads/${notes.upload_id}`, { auth: `Key ${key}` });
    expect(upload.body.content_type).toBe('application/octet-stream');
  });

  it('reports a failed step and tries it again later, without sending the file twice', async () => {
    fresh();
    svc.failCreates = 1;
    copyFileSync(videos[1], join(dir, 'retry.mp4'));
    w = startWatcher(d, key, dir, h.env);
    const failed = await w.next('failed');
    expect(failed).toMatchObject({ file: 'retry.mp4', stage: 'job_create', final: false, code: 'INTERNAL_ERROR' });
    const created = await w.next('job_created');
    await w.stop();
    expect(named(w.events(), 'uploaded')).toHaveLength(1);
    expect(svc.jobs.get(created.job_id)!.upload_id).toBe(named(w.events(), 'uploaded')[0].upload_id);
  });
});
