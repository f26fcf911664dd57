import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestDaemon } from '../helpers/daemon.js';
import { cliHarness, type CliHarness } from '../helpers/cli-io.js';
import { readObject } from '../uploads/helpers.js';
import type { InterimService } from './helpers/interim-routes.js';
import { makeVideo, named, startWatchDaemon, startWatcher, TEST_PART_SIZE, type RunningWatcher } from './helpers/harness.js';

let d: TestDaemon;
let svc: InterimService;
let key: string;
let media: string;
let h: CliHarness;
let dir: string;
let w: RunningWatcher | undefined;
let a: string;
let b: string;
let big: string;

beforeAll(async () => {
  ({ d, svc, key } = await startWatchDaemon());
  media = mkdtempSync(join(tmpdir(), 'clipper-watch-media-'));
  a = await makeVideo(join(media, 'a.mp4'), { freq: 440 });
  b = await makeVideo(join(media, 'b.mp4'), { freq: 880 });
  // About 1 MB: many 64 KiB parts once multipart.
  big = await makeVideo(join(media, 'big.mp4'), { seconds: 3, size: '640x360', qp: 10 });
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
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const jobsOf = (uploadIds: string[]) => [...svc.jobs.values()].filter((j) => uploadIds.includes(j.upload_id));

describe('clipper watch: each content is sent once, ever', () => {
  it('does not send the same content twice under two names, and says so', async () => {
    fresh();
    copyFileSync(a, join(dir, 'original.mp4'));
    copyFileSync(a, join(dir, 'copy-at-once.mp4'));
    w = startWatcher(d, key, dir, h.env);
    await w.next('job_created');
    const dup1 = await w.next('duplicate');
    copyFileSync(a, join(dir, 'copy-later.mp4'));
    const dup2 = await w.next('duplicate', (e) => e.file === 'copy-later.mp4');
    await w.stop();
    const seen = named(w.events(), 'seen');
    expect(seen).toHaveLength(1);
    expect(seen[0].sha256).toBe(sha256(a));
    expect(dup1).toMatchObject({ sha256: sha256(a), of: seen[0].file });
    expect(dup2).toMatchObject({ sha256: sha256(a), of: seen[0].file, stage: expect.any(String) });
    expect(named(w.events(), 'uploaded')).toHaveLength(1);
    expect(named(w.events(), 'job_created')).toHaveLength(1);
  });

  it('sends the same name again when its content is new', async () => {
    fresh();
    copyFileSync(a, join(dir, 'daily.mp4'));
    w = startWatcher(d, key, dir, h.env);
    const first = await w.next('job_created');
    copyFileSync(b, join(dir, 'daily.mp4'));
    const second = await w.next('job_created', (e) => e.job_id !== first.job_id);
    await w.stop();
    expect(named(w.events(), 'seen').map((e) => [e.file, e.sha256])).toEqual([['daily.mp4', sha256(a)], ['daily.mp4', sha256(b)]]);
    expect(second.upload_id).not.toBe(first.upload_id);
    // Back to the first content under the same name: already sent, so not again.
    copyFileSync(a, join(dir, 'daily.mp4'));
    w = startWatcher(d, key, dir, h.env);
    const dup = await w.next('duplicate');
    expect(dup).toMatchObject({ file: 'daily.mp4', of: 'daily.mp4', sha256: sha256(a), job_id: first.job_id });
    await w.stop();
    expect(named(w.events(), 'uploaded')).toHaveLength(0);
  });

  it('sends nothing again after a restart, and follows the jobs it had created to their end', async () => {
    fresh();
    copyFileSync(a, join(dir, 'one.mp4'));
    copyFileSync(b, join(dir, 'two.mp4'));
    w = startWatcher(d, key, dir, h.env);
    const created = [await w.next('job_created', (e) => e.file === 'one.mp4'), await w.next('job_created', (e) => e.file === 'two.mp4')];
    await w.stop();
    const stateFiles = readdirSync(join(h.stateDir, 'watch')).filter((f) => f.endsWith('.json'));
    expect(stateFiles).toHaveLength(1);

    svc.finishWith = { clips: 3, status: 'done' };
    try {
      w = startWatcher(d, key, dir, h.env);
      const done = [await w.next('done', (e) => e.file === 'one.mp4'), await w.next('done', (e) => e.file === 'two.mp4')];
      expect(done.map((e) => [e.job_id, e.clips])).toEqual(created.map((c) => [c.job_id, 3]));
      // Give the rescans time to see both files again: still nothing is sent.
      await new Promise((r) => setTimeout(r, 1200));
      await w.stop();
    } finally {
      svc.finishWith = undefined;
    }
    for (const name of ['seen', 'uploading', 'uploaded', 'job_created', 'duplicate'] as const) expect(named(w.events(), name)).toEqual([]);
    expect(jobsOf(created.map((c) => c.upload_id))).toHaveLength(2);
  });

  it('resumes an upload that was in flight when the watcher stopped, sending only the missing parts', async () => {
    fresh();
    copyFileSync(big, join(dir, 'long.mp4'));
    const total = Math.ceil(readFileSync(big).length / TEST_PART_SIZE);
    // Slow parts down a little, and stop the watcher as the first part arrives.
    const received: number[] = [];
    const putPart = d.app.objects.putPart.bind(d.app.objects);
    let onFirstPart = () => {};
    d.app.objects.putPart = async (k, id, n, body, o) => {
      received.push(n);
      onFirstPart();
      await new Promise((r) => setTimeout(r, 30));
      return putPart(k, id, n, body, o);
    };
    try {
      w = startWatcher(d, key, dir, h.env, { multipartThreshold: '100000' });
      const stopping = new Promise<void>((r) => (onFirstPart = r));
      await stopping;
      onFirstPart = () => {};
      await w.stop();
      const interrupted = w.events();
      expect(named(interrupted, 'uploading')[0]).toMatchObject({ file: 'long.mp4', total_bytes: readFileSync(big).length, resumed: false });
      expect(named(interrupted, 'uploaded')).toEqual([]);
      expect(interrupted.at(-1)).toMatchObject({ event: 'stopped', files_in_progress: 1 });
      const firstRun = received.length;
      // Parts in flight were let finish (a part boundary), and no more were started.
      expect(firstRun).toBeGreaterThan(0);
      expect(firstRun).toBeLessThan(total);

      received.length = 0;
      w = startWatcher(d, key, dir, h.env, { multipartThreshold: '100000' });
      const seen = await w.next('seen');
      expect(seen).toMatchObject({ file: 'long.mp4', resumed: true });
      const uploaded = await w.next('uploaded');
      expect(uploaded).toMatchObject({ multipart: true, resumed: true });
      await w.next('job_created');
      expect(received.length).toBe(total - firstRun);
      const stored = await readObject(d, d.app.uploads.objectKeyOf(d.rootTeamId, uploaded.upload_id));
      expect(createHash('sha256').update(stored).digest('hex')).toBe(sha256(big));
      expect(named(w.events(), 'uploading')[0]).toMatchObject({ resumed: true, upload_id: uploaded.upload_id });
    } finally {
      d.app.objects.putPart = putPart;
    }
  });

  it('after a crash between a step and its save, neither uploads nor creates a job twice', async () => {
    fresh();
    copyFileSync(a, join(dir, 'crash.mp4'));
    w = startWatcher(d, key, dir, h.env);
    const created = await w.next('job_created');
    await w.stop();
    const watchDir = join(h.stateDir, 'watch');
    const stateFile = join(watchDir, readdirSync(watchDir).find((f) => f.endsWith('.json'))!);
    const rewind = (change: Record<string, unknown>) => {
      const state = JSON.parse(readFileSync(stateFile, 'utf8'));
      for (const entry of Object.values(state.files) as Array<Record<string, unknown>>) {
        delete entry.job_id;
        Object.assign(entry, change);
      }
      writeFileSync(stateFile, JSON.stringify(state));
    };
    const uploadsBefore = d.app.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number };

    // The job was created but its answer never saved: POST /v1/clips says 409 and names our job.
    rewind({ stage: 'uploaded' });
    w = startWatcher(d, key, dir, h.env);
    const adopted = await w.next('job_created');
    await w.stop();
    expect(adopted).toMatchObject({ job_id: created.job_id, upload_id: created.upload_id });

    // The upload finished but the save was lost: the daemon says it is complete, so no new upload.
    rewind({ stage: 'uploading' });
    w = startWatcher(d, key, dir, h.env);
    const uploaded = await w.next('uploaded');
    const again = await w.next('job_created');
    await w.stop();
    expect(uploaded).toMatchObject({ upload_id: created.upload_id, resumed: true });
    expect(again.job_id).toBe(created.job_id);
    expect(d.app.db.prepare('SELECT COUNT(*) AS n FROM uploads').get()).toEqual(uploadsBefore);
    expect(jobsOf([created.upload_id])).toHaveLength(1);
  });
});
