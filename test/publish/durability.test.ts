import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../daemon/clock.js';
import { PLATFORMS } from '../../src/api/events.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, connect, insertClip, previewReady } from './helpers.js';

// Face tracking off: durability is checked here; framing a render is proven in test/framing/follow.
const settings = { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } };

async function draftOn(d: TestDaemon) {
  await connect(d, 'short_video');
  const clipId = await insertClip(d, { script: SHORT });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey()}`;
  const post = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts[0];
  return { auth, id: post.id as string };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 6000 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  if (!(await check())) throw new Error(`gave up waiting for ${what}`);
}

/**
 * Runs `test` with a data dir that outlives daemons (removed afterwards) and a manual clock they
 * share; `restart` starts a daemon with running workers on it, stopped when the test ends.
 */
async function acrossRestarts(test: (ctx: { dataDir: string; clock: ManualClock; restart: () => Promise<TestDaemon> }) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clipper-restart-'));
  const clock = new ManualClock(Date.UTC(2030, 5, 1, 12));
  const started: TestDaemon[] = [];
  try {
    await test({
      dataDir,
      clock,
      restart: async () => {
        const d = await startTestDaemon({ dataDir, clock, settings, workers: true });
        started.push(d);
        return d;
      },
    });
  } finally {
    for (const d of started) await d.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('durable scheduling and publishing across restarts', () => {
  it('publishes after start a scheduled post that fell due while the daemon was down', () =>
    acrossRestarts(async ({ dataDir, clock, restart }) => {
      const a = await startTestDaemon({ dataDir, clock, settings });
      const { auth, id } = await draftOn(a);
      const at = clock.now() + 10 * 60_000;
      expect((await a.call('POST', `/v1/posts/${id}/publish`, { auth, body: { scheduled_at: at } })).body.post.status).toBe('scheduled');
      await a.stop();

      clock.set(at + 60 * 60_000); // the daemon was down when the post fell due
      const b = await restart();
      await until(async () => (await b.app.posts.repo.byId(id))!.status === 'published', 'the due post to be published');
      expect((await b.app.posts.repo.byId(id))!.published_at).toBeGreaterThanOrEqual(at);
      expect((await b.app.store.events.readAfter(0, 1000)).filter((e) => e.type === 'post.published')).toHaveLength(1);
    }));

  it('never publishes twice when the daemon dies between the upload and recording it', () =>
    acrossRestarts(async ({ dataDir, clock, restart }) => {
      const a = await startTestDaemon({ dataDir, clock, settings });
      const real = a.app.localConnector;
      // The upload completes on the platform, then the daemon dies before it can record that.
      a.app.connectors.register({
        name: 'local',
        platforms: PLATFORMS,
        async publish(req) {
          await real.publish(req);
          return new Promise((_, reject) => req.signal.addEventListener('abort', () => reject(new Error('killed')), { once: true }));
        },
      });
      const { auth, id } = await draftOn(a);
      await a.call('POST', `/v1/posts/${id}/publish`, { auth });
      const running = a.processAll().catch(() => undefined);
      await until(() => real.log().some((l) => l.post_id === id), 'the upload');
      expect((await a.app.posts.repo.byId(id))!.status).toBe('uploading');
      expect((await a.app.posts.repo.attempts(id)).map((x) => x.status)).toEqual(['started']);
      const firstUrl = real.read(id)!.url;
      await a.stop();
      await running;

      // The restarted daemon releases the dead runner's lease on start and resumes the task.
      const b = await restart();
      await until(async () => (await b.app.posts.repo.byId(id))!.status !== 'uploading', 'the resumed publish');
      expect(await b.app.posts.repo.byId(id)).toMatchObject({ status: 'published', published_url: firstUrl });
      // One publication on the platform, one attempt, one post.published.
      expect(b.app.localConnector.log().filter((l) => l.post_id === id)).toHaveLength(1);
      expect((await b.app.posts.repo.attempts(id)).map((x) => x.status)).toEqual(['succeeded']);
      expect((await b.app.store.events.readAfter(0, 1000)).filter((e) => e.type === 'post.published')).toHaveLength(1);
      // Nothing left to run: another pass publishes nothing more.
      clock.advance(3_600_000);
      await b.processAll();
      expect(b.app.localConnector.log().filter((l) => l.post_id === id)).toHaveLength(1);
    }));

  it('never publishes twice when the daemon process is killed (SIGKILL) right after the upload', () =>
    acrossRestarts(async ({ dataDir, restart }) => {
      // A draft made by an in-process daemon (its hooks write drafts), then that daemon stops.
      const a = await startTestDaemon({ dataDir, settings });
      const { id } = await draftOn(a);
      const key = await a.apiKey();
      await a.stop();

      // The real daemon in a child process, set to die at the failpoint after the upload.
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./daemon-child.ts', import.meta.url)), dataDir], {
        env: { ...process.env, CLIPPER_FAILPOINTS: 'publish.after-upload' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (b: Buffer) => resolve(JSON.parse(b.toString()).url));
        child.once('exit', () => reject(new Error('the child daemon exited before listening')));
      });
      const res = await request(`${url}/v1/posts/${id}/publish`, { method: 'POST', headers: { authorization: `Key ${key}` } });
      expect(res.statusCode).toBe(200);
      await res.body.text();
      expect(await exited).toBe('SIGKILL');
      // Killed between the upload and recording it: the platform has the video, the post says uploading.
      const db = new Database(join(dataDir, 'clipper.db'), { readonly: true });
      expect(db.prepare('SELECT status FROM posts WHERE id = ?').pluck().get(id)).toBe('uploading');
      db.close();

      const b = await restart();
      await until(async () => (await b.app.posts.repo.byId(id))!.status !== 'uploading', 'the resumed publish');
      expect((await b.app.posts.repo.byId(id))!.status).toBe('published');
      expect(b.app.localConnector.log().filter((l) => l.post_id === id)).toHaveLength(1);
      expect((await b.app.store.events.readAfter(0, 1000)).filter((e) => e.type === 'post.published')).toHaveLength(1);
    }));

  it('finishes a render that was processing when the daemon stopped, after it starts again', () =>
    acrossRestarts(async ({ dataDir, clock, restart }) => {
      const a = await startTestDaemon({ dataDir, clock, settings });
      const clipId = await insertClip(a, { script: SHORT });
      await a.call('POST', `/v1/clips/${clipId}/renders`, { auth: `Key ${await a.apiKey()}` });
      const running = a.processAll().catch(() => undefined);
      await until(async () => (await a.app.renders.repo.get(clipId))!.status === 'processing', 'the render to start');
      await a.stop(); // kills ffmpeg mid-render
      await running;

      const b = await restart();
      await until(async () => (await b.app.renders.repo.get(clipId))!.status !== 'processing', 'the resumed render');
      expect(await b.app.renders.repo.get(clipId)).toMatchObject({ status: 'done', generation: 1, output_key: `renders/${clipId}/1.mp4` });
      expect((await b.app.store.events.readAfter(0, 1000)).filter((e) => e.type === 'project.render.succeeded')).toHaveLength(1);
      expect(await b.app.renders.minutes.used(b.rootTeamId, clock.now())).toBe(1);
    }));
});
