import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, insertClip, previewReady } from './helpers.js';
import { ResumableServer } from './resumable-server.js';

let d: TestDaemon;
let server: ResumableServer;
beforeAll(async () => {
  // Face tracking off: the resumable upload is checked here; framing a render is proven in test/framing/follow.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  server = await new ResumableServer().start();
});
afterAll(async () => {
  await server.stop();
  await d.stop();
});

/** A long-video draft on a team connected through the resumable connector to the fake platform. */
async function draft(token = server.token) {
  const team = await d.createTeam('resumable');
  const settings = { upload_url: `${server.url}/upload`, access_token: token, watch_url: 'https://video.example/watch?v={id}', chunk_bytes: 262144 };
  const r = await d.call('POST', '/v1/platforms', { auth: `Bearer ${await d.token(team)}`, body: { platform: 'long_video', connector: 'resumable_upload', account_name: 'channel', settings } });
  expect(r.status).toBe(201);
  const clipId = await insertClip(d, { teamId: team, script: SHORT });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey(team)}`;
  const post = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts[0];
  await d.call('POST', `/v1/posts/${post.id}/publish`, { auth });
  return { id: post.id as string, team, title: post.title as string };
}

/** Keeps the rendered file so its bytes can be compared with what the platform received. */
/** Keeps the size and MD5 of the file the connector was given, to compare with what arrived. */
function keepRender(id: string): () => { size: number; md5: string } {
  let seen: { size: number; md5: string } | undefined;
  const real = d.app.connectors.get('resumable_upload')!;
  d.app.connectors.register({
    name: real.name,
    platforms: real.platforms,
    publish(req) {
      if (req.postId === id) {
        const bytes = readFileSync(req.file);
        seen = { size: bytes.length, md5: createHash('md5').update(bytes).digest('hex') };
      }
      return real.publish(req);
    },
  });
  return () => seen!;
}

describe('the resumable upload connector against a local server speaking the protocol', () => {
  it('uploads in chunks with the metadata and publishes the watch URL', async () => {
    const before = server.videos.length;
    const { id, title } = await draft();
    const rendered = keepRender(id);
    await d.processAll();
    const post = (await d.app.posts.repo.byId(id))!;
    const video = server.videos[before];
    expect(server.videos).toHaveLength(before + 1);
    expect(post).toMatchObject({ status: 'published', published_url: `https://video.example/watch?v=${video.id}` });
    expect(video.metadata).toMatchObject({ title, description: post.caption, settings: { category_id: '22' }, client_ref: id });
    expect({ size: video.size, md5: video.md5 }).toEqual(rendered());
    expect(video.size).toBeGreaterThan(262144); // more than one chunk
  });

  it('resumes the same session after a dropped connection, without a second upload', async () => {
    const before = { videos: server.videos.length, sessions: server.sessionsOpened };
    server.dropOnChunk = server.chunkPuts + 1;
    const { id } = await draft();
    await d.processAll();
    expect((await d.app.posts.repo.byId(id))!.status).toBe('uploading');
    expect((await d.app.posts.repo.openAttempt(id))!.resume_state).toMatch(/\/sessions\//);
    d.clock.advance(31_000);
    await d.processAll();
    expect((await d.app.posts.repo.byId(id))!.status).toBe('published');
    expect(server.videos.length - before.videos).toBe(1);
    expect(server.sessionsOpened - before.sessions).toBe(1);
    server.dropOnChunk = undefined;
  });

  it('finds the finished video when the final answer was lost, instead of uploading again', async () => {
    const before = server.videos.length;
    server.loseFinalAnswer = true;
    const { id } = await draft();
    await d.processAll();
    expect((await d.app.posts.repo.byId(id))!.status).toBe('uploading');
    expect(server.videos.length - before).toBe(1);
    d.clock.advance(31_000);
    await d.processAll();
    const post = (await d.app.posts.repo.byId(id))!;
    expect(post.status).toBe('published');
    expect(post.published_url).toBe(`https://video.example/watch?v=${server.videos[before].id}`);
    expect(server.videos.length - before).toBe(1);
  });

  it('fails the post at once when the platform refuses the credentials', async () => {
    const { id, team } = await draft('expired-token');
    await d.processAll();
    expect(await d.app.posts.repo.byId(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/401/) });
    expect((await d.app.store.events.readAfter(0, 1000, team)).filter((e) => e.type === 'post.failed')).toHaveLength(1);
  });
});
