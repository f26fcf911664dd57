import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readObject } from '../uploads/helpers.js';
import { driveJobs, named, TEST_PART_SIZE, useWatchFixture, type RunningWatcher } from './helpers/harness.js';

const f = useWatchFixture({ 'a.mp4': { freq: 440 }, 'b.mp4': { freq: 880 }, 'big.mp4': { seconds: 3, size: '640x360', qp: 10 } });
let w: RunningWatcher;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const jobsOf = (uploadIds: string[]) => f.d.app.db.prepare(`SELECT id FROM clip_jobs WHERE upload_id IN (${uploadIds.map(() => '?').join(',')})`).all(...uploadIds);

describe('clipper watch: each content is sent once, ever', () => {
  // First: the pipeline then runs only this test's jobs (other tests leave theirs queued).
  it('sends nothing again after a restart, and follows the jobs it had created to their end', async () => {
    f.fresh();
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'one.mp4'));
    copyFileSync(f.videos['b.mp4'], join(f.dir, 'two.mp4'));
    w = f.watch();
    const created = [await w.next('job_created', (e) => e.file === 'one.mp4'), await w.next('job_created', (e) => e.file === 'two.mp4')];
    await w.stop();
    const stateFiles = readdirSync(join(f.h.stateDir, 'watch')).filter((f) => f.endsWith('.json'));
    expect(stateFiles).toHaveLength(1);

    w = f.watch();
    // The daemon's pipeline runs the two jobs (real ffmpeg and speech stages) while it watches.
    const bothDone = Promise.all([w.next('done', (e) => e.file === 'one.mp4', 120_000), w.next('done', (e) => e.file === 'two.mp4', 120_000)]);
    await driveJobs(f.d, bothDone);
    const done = await bothDone;
    const clips = await Promise.all(created.map(async (c) => (await f.d.call('GET', `/v1/clips/${c.job_id}`, { auth: `Key ${f.key}` })).body.clips.length));
    expect(done.map((e) => [e.job_id, e.clips])).toEqual(created.map((c, i) => [c.job_id, clips[i]]));
    expect(clips.every((n) => n >= 1)).toBe(true);
    // Give the rescans time to see both files again: still nothing is sent.
    await new Promise((r) => setTimeout(r, 1200));
    await w.stop();
    for (const name of ['seen', 'uploading', 'uploaded', 'job_created', 'duplicate'] as const) expect(named(w.events(), name)).toEqual([]);
    expect(jobsOf(created.map((c) => c.upload_id))).toHaveLength(2);
  });

  it('does not send the same content twice under two names, and says so', async () => {
    f.fresh();
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'original.mp4'));
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'copy-at-once.mp4'));
    w = f.watch();
    await w.next('job_created');
    const dup1 = await w.next('duplicate');
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'copy-later.mp4'));
    const dup2 = await w.next('duplicate', (e) => e.file === 'copy-later.mp4');
    await w.stop();
    const seen = named(w.events(), 'seen');
    expect(seen).toHaveLength(1);
    expect(seen[0].sha256).toBe(sha256(f.videos['a.mp4']));
    expect(dup1).toMatchObject({ sha256: sha256(f.videos['a.mp4']), of: seen[0].file });
    expect(dup2).toMatchObject({ sha256: sha256(f.videos['a.mp4']), of: seen[0].file, stage: expect.any(String) });
    expect(named(w.events(), 'uploaded')).toHaveLength(1);
    expect(named(w.events(), 'job_created')).toHaveLength(1);
  });

  it('sends the same name again when its content is new', async () => {
    f.fresh();
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'daily.mp4'));
    w = f.watch();
    const first = await w.next('job_created');
    copyFileSync(f.videos['b.mp4'], join(f.dir, 'daily.mp4'));
    const second = await w.next('job_created', (e) => e.job_id !== first.job_id);
    await w.stop();
    expect(named(w.events(), 'seen').map((e) => [e.file, e.sha256])).toEqual([['daily.mp4', sha256(f.videos['a.mp4'])], ['daily.mp4', sha256(f.videos['b.mp4'])]]);
    expect(second.upload_id).not.toBe(first.upload_id);
    // Back to the first content under the same name: already sent, so not again.
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'daily.mp4'));
    w = f.watch();
    const dup = await w.next('duplicate');
    expect(dup).toMatchObject({ file: 'daily.mp4', of: 'daily.mp4', sha256: sha256(f.videos['a.mp4']), job_id: first.job_id });
    await w.stop();
    expect(named(w.events(), 'uploaded')).toHaveLength(0);
  });

  it('resumes an upload that was in flight when the watcher stopped, sending only the missing parts', async () => {
    f.fresh();
    copyFileSync(f.videos['big.mp4'], join(f.dir, 'long.mp4'));
    const total = Math.ceil(readFileSync(f.videos['big.mp4']).length / TEST_PART_SIZE);
    // Slow parts down a little, and stop the watcher as the first part arrives.
    const received: number[] = [];
    const putPart = f.d.app.objects.putPart.bind(f.d.app.objects);
    let onFirstPart = () => {};
    f.d.app.objects.putPart = async (k, id, n, body, o) => {
      received.push(n);
      onFirstPart();
      await new Promise((r) => setTimeout(r, 30));
      return putPart(k, id, n, body, o);
    };
    try {
      w = f.watch({ multipartThreshold: '100000' });
      const stopping = new Promise<void>((r) => (onFirstPart = r));
      await stopping;
      onFirstPart = () => {};
      await w.stop();
      const interrupted = w.events();
      expect(named(interrupted, 'uploading')[0]).toMatchObject({ file: 'long.mp4', total_bytes: readFileSync(f.videos['big.mp4']).length, resumed: false });
      expect(named(interrupted, 'uploaded')).toEqual([]);
      expect(interrupted.at(-1)).toMatchObject({ event: 'stopped', files_in_progress: 1 });
      const firstRun = received.length;
      // Parts in flight were let finish (a part boundary), and no more were started.
      expect(firstRun).toBeGreaterThan(0);
      expect(firstRun).toBeLessThan(total);

      received.length = 0;
      w = f.watch({ multipartThreshold: '100000' });
      const seen = await w.next('seen');
      expect(seen).toMatchObject({ file: 'long.mp4', resumed: true });
      const uploaded = await w.next('uploaded');
      expect(uploaded).toMatchObject({ multipart: true, resumed: true });
      await w.next('job_created');
      expect(received.length).toBe(total - firstRun);
      const stored = await readObject(f.d, await f.d.app.uploads.objectKeyOf(f.d.rootTeamId, uploaded.upload_id));
      expect(createHash('sha256').update(stored).digest('hex')).toBe(sha256(f.videos['big.mp4']));
      expect(named(w.events(), 'uploading')[0]).toMatchObject({ resumed: true, upload_id: uploaded.upload_id });
    } finally {
      f.d.app.objects.putPart = putPart;
    }
  });

  it('after a crash between a step and its save, neither uploads nor creates a job twice', async () => {
    f.fresh();
    copyFileSync(f.videos['a.mp4'], join(f.dir, 'crash.mp4'));
    w = f.watch();
    const created = await w.next('job_created');
    await w.stop();
    const watchDir = join(f.h.stateDir, 'watch');
    const stateFile = join(watchDir, readdirSync(watchDir).find((f) => f.endsWith('.json'))!);
    const rewind = (change: Record<string, unknown>) => {
      const state = JSON.parse(readFileSync(stateFile, 'utf8'));
      for (const entry of Object.values(state.files) as Array<Record<string, unknown>>) {
        delete entry.job_id;
        Object.assign(entry, change);
      }
      writeFileSync(stateFile, JSON.stringify(state));
    };
    const uploadsBefore = f.d.app.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number };

    // The job was created but its answer never saved: POST /v1/clips says 409 and names our job.
    rewind({ stage: 'uploaded' });
    w = f.watch();
    const adopted = await w.next('job_created');
    await w.stop();
    expect(adopted).toMatchObject({ job_id: created.job_id, upload_id: created.upload_id });

    // The upload finished but the save was lost: the daemon says it is complete, so no new upload.
    rewind({ stage: 'uploading' });
    w = f.watch();
    const uploaded = await w.next('uploaded');
    const again = await w.next('job_created');
    await w.stop();
    expect(uploaded).toMatchObject({ upload_id: created.upload_id, resumed: true });
    expect(again.job_id).toBe(created.job_id);
    expect(f.d.app.db.prepare('SELECT COUNT(*) AS n FROM uploads').get()).toEqual(uploadsBefore);
    expect(jobsOf([created.upload_id])).toHaveLength(1);
  });
});
