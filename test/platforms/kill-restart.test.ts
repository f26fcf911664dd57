import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { request } from 'undici';
import type { Platform } from '../../src/api/events.js';
import { startTestDaemon } from '../helpers/daemon.js';
import { SHORT, insertClip, previewReady } from '../publish/helpers.js';
import type { FakeRequest, FakeServer } from './fakes/fake-server.js';
import type { FakeOAuth } from './fakes/fake-oauth.js';
import { FakeInstagram } from './fakes/instagram.js';
import { FakeLinkedIn } from './fakes/linkedin.js';
import { FakeTikTok } from './fakes/tiktok.js';
import { FakeYouTube } from './fakes/youtube.js';
import { connectOAuth } from './harness.js';

// Issue 15, item 3: "kill -9 of the daemon mid-upload and restart (one publication)". The real
// daemon runs in a child process; the fake platform kills it (SIGKILL) when the first bytes of
// the video arrive, before answering. A daemon started again on the same data dir resumes the
// publication from what it saved, and the platform ends up with exactly one.

// Face tracking off: one publication after a kill is checked here; framing a render is proven in test/framing/follow.
const settings = { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } };
const yt = new FakeYouTube();
const tt = new FakeTikTok();
const ig = new FakeInstagram();
const li = new FakeLinkedIn();

interface Case {
  platform: Platform;
  connector: string;
  fake: FakeServer & { oauth: FakeOAuth };
  /** Requests that carry the video's bytes. */
  upload: { method: string; path: RegExp };
  publications: () => number;
  extra?: Record<string, unknown>;
}

const cases: Case[] = [
  { platform: 'long_video', connector: 'youtube', fake: yt, upload: { method: 'PUT', path: /^\/upload\/youtube\/v3\/videos$/ }, publications: () => yt.videos.filter((v) => v.uploadStatus === 'processed').length, extra: { chunk_bytes: 262144 } },
  { platform: 'short_video', connector: 'tiktok', fake: tt, upload: { method: 'PUT', path: /^\/upload\// }, publications: () => tt.publishes.filter((p) => p.status === 'SEND_TO_USER_INBOX').length },
  { platform: 'photo_sharing', connector: 'instagram', fake: ig, upload: { method: 'POST', path: /^\/ig-api-upload\// }, publications: () => ig.media.length },
  { platform: 'professional_network', connector: 'linkedin', fake: li, upload: { method: 'PUT', path: /^\/upload\// }, publications: () => li.posts.length },
];

beforeAll(async () => {
  await Promise.all([yt, tt, ig, li].map((f) => f.start()));
});
afterAll(async () => {
  await Promise.all([yt, tt, ig, li].map((f) => f.stop()));
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 12_000 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  if (!(await check())) throw new Error(`gave up waiting for ${what}`);
}

describe('kill -9 of the daemon mid-upload, then a restart: one publication', () => {
  for (const c of cases) {
    it(`${c.connector}`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), `clipper-kill-${c.connector}-`));
      let child: ChildProcess | undefined;
      try {
        // A draft made by an in-process daemon on the data dir, which then stops.
        const a = await startTestDaemon({ dataDir, settings });
        await connectOAuth(a, { platform: c.platform, connector: c.connector, fake: c.fake, settings: c.extra });
        const clipId = await insertClip(a, { script: SHORT });
        await previewReady(a, clipId);
        const key = await a.apiKey();
        const postId = (await a.app.posts.repo.listByClip(clipId))[0].id;
        await a.stop();

        // The real daemon in a child process, killed by the platform when the first bytes arrive.
        const before = c.publications();
        let killed = false;
        c.fake.faultOnce(c.upload.path, (r: FakeRequest) => {
          if (!r.body.length) return undefined; // YouTube's status query carries no bytes
          killed = child!.kill('SIGKILL');
          return 'drop';
        }, c.upload.method);
        child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../publish/daemon-child.ts', import.meta.url)), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
        const exited = new Promise<NodeJS.Signals | null>((r) => child!.on('exit', (_code, signal) => r(signal)));
        const url = await new Promise<string>((resolve, reject) => {
          child!.stdout!.once('data', (b: Buffer) => resolve(JSON.parse(b.toString()).url));
          child!.once('exit', () => reject(new Error('the child daemon exited before listening')));
        });
        const res = await request(`${url}/v1/posts/${postId}/publish`, { method: 'POST', headers: { authorization: `Key ${key}` } });
        expect(res.statusCode).toBe(200);
        await res.body.text();
        expect(await exited).toBe('SIGKILL');
        expect(killed).toBe(true);
        const db = new Database(join(dataDir, 'clipper.db'), { readonly: true });
        expect(db.prepare('SELECT status FROM posts WHERE id = ?').pluck().get(postId)).toBe('uploading');
        db.close();
        expect(c.publications()).toBe(before);

        // Started again: the dead runner's lease is released and the publication resumes.
        const b = await startTestDaemon({ dataDir, settings, workers: true });
        try {
          await until(async () => (await b.app.posts.repo.byId(postId))!.status !== 'uploading', 'the resumed publication');
          expect(await b.app.posts.repo.byId(postId)).toMatchObject({ status: 'published', published_url: expect.stringMatching(/^https:\/\//) });
          expect(c.publications() - before).toBe(1);
          expect((await b.app.posts.repo.attempts(postId)).map((x) => x.status)).toEqual(['succeeded']);
          expect((await b.app.store.events.readAfter(0, 1000)).filter((e) => e.type === 'post.published')).toHaveLength(1);
        } finally {
          await b.stop();
        }
      } finally {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 240_000); // a child daemon's start, a render and a restart: minutes on a loaded machine
  }
});
