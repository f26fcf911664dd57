import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../src/api/events.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, connect, insertClip, previewReady } from '../publish/helpers.js';

// Audit B: renders and posts as the spec's tables state them, on a real daemon. Nothing here
// renders (ffmpeg is exercised by test/publish); render tasks are cancelled before any worker runs.

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
});
afterAll(() => d.stop());

/** A fresh team (status-check limits are per team) with every platform connected and one clip's drafts. */
async function setup() {
  const team = await d.createTeam('audit-b');
  for (const p of PLATFORMS) await connect(d, p, team);
  const clipId = await insertClip(d, { teamId: team, script: SHORT });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey(team)}`;
  const posts = await d.app.posts.repo.listByClip(clipId);
  const by = Object.fromEntries(posts.map((p) => [p.platform, p.id])) as Record<string, string>;
  return { team, auth, clipId, by };
}
const eventsOf = async (team: string) => await d.app.store.events.readAfter(0, 100_000, team);
const cancelRender = async (clipId: string) => await d.app.tasks.repo.cancelPending('clip.render', clipId, d.clock.now());

describe('POST /v1/clips/:clipId/renders (spec: "Request body: empty")', () => {
  it('answers 202 {render_id, status, created_at} to no body and to {}', async () => {
    const { auth, clipId } = await setup();
    for (const body of [undefined, {}]) {
      const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body });
      expect(r.status).toBe(202);
      expect(Object.keys(r.body).sort()).toEqual(['created_at', 'render_id', 'status']);
      expect(r.body).toEqual({ render_id: clipId, status: 'queued', created_at: d.clock.now() });
      expect(Number.isInteger(r.body.created_at)).toBe(true);
    }
    await cancelRender(clipId);
  });

  it.each([
    ['an unknown field', { body: { priority: 'high' } }],
    ['a body that is not an object', { body: ['x'] }],
    ['a body that is not JSON', { rawBody: '{', headers: { 'content-type': 'application/json' } }],
  ])('refuses %s with 400 and starts nothing', async (_name, req) => {
    const { auth, clipId, team } = await setup();
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, ...req });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(await d.app.renders.repo.get(clipId)).toBeUndefined();
    expect((await eventsOf(team)).filter((e) => e.type.startsWith('project.'))).toHaveLength(0);
    expect(await d.app.renders.minutes.used(team, d.clock.now())).toBe(0);
  });
});

describe('status-check limits apply to GET renders, posts and a clip\'s posts (spec "Status-check limits")', () => {
  it.each([
    ['GET /v1/renders/:id', (s: Awaited<ReturnType<typeof setup>>) => `/v1/renders/${s.clipId}`],
    ['GET /v1/posts/:id', (s: Awaited<ReturnType<typeof setup>>) => `/v1/posts/${s.by.short_video}`],
    ['GET /v1/clips/:id/posts', (s: Awaited<ReturnType<typeof setup>>) => `/v1/clips/${s.clipId}/posts`],
  ])('%s: 6 checks of one id a minute, then 429 STATUS_RATE_LIMITED with Retry-After', async (_name, path) => {
    const s = await setup();
    await d.call('POST', `/v1/clips/${s.clipId}/renders`, { auth: s.auth });
    await cancelRender(s.clipId);
    // Writes on the same resources are not status checks.
    await d.call('PUT', `/v1/posts/${s.by.long_video}`, { auth: s.auth, body: { caption: 'x' } });
    await d.call('POST', `/v1/posts/${s.by.long_video}/cancel`, { auth: s.auth });
    for (let i = 0; i < 6; i++) expect((await d.call('GET', path(s), { auth: s.auth })).status).toBe(200);
    const limited = await d.call('GET', path(s), { auth: s.auth });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('STATUS_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error.retry_after_seconds).toBe(Number(limited.headers['retry-after']));
    d.clock.advance(60_000);
    expect((await d.call('GET', path(s), { auth: s.auth })).status).toBe(200);
  });
});

describe('the post representation (spec "Post": fields present only in their states)', () => {
  const base = ['caption', 'clip_id', 'created_at', 'id', 'platform', 'status', 'updated_at'];
  const own = { long_video: ['long_video', 'title'], short_video: ['short_video'], photo_sharing: [], professional_network: [] } as Record<string, string[]>;

  it('draft, scheduled, queued and cancelled posts carry exactly their fields, with the spec\'s types', async () => {
    const { auth, by, clipId } = await setup();
    const get = async (id: string) => (await d.call('GET', `/v1/posts/${id}`, { auth })).body.post;
    for (const platform of PLATFORMS) {
      const p = await get(by[platform]);
      expect(Object.keys(p).sort(), platform).toEqual([...base, ...own[platform]].sort());
      expect(p).toMatchObject({ clip_id: clipId, platform, status: 'draft', caption: expect.any(String) });
      if (platform === 'long_video') expect(p.title).toEqual(expect.any(String));
      if (platform === 'long_video') expect(p.long_video.category_id).toMatch(/^\d+$/);
      if (platform === 'short_video') {
        expect(Object.keys(p.short_video).sort()).toEqual(['brand_content_toggle', 'brand_organic_toggle', 'disable_comment', 'disable_duet', 'disable_stitch', 'privacy_level']);
        expect(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY']).toContain(p.short_video.privacy_level);
      }
    }
    const at = d.clock.now() + 10 * 60_000;
    const scheduled = await d.call('POST', `/v1/posts/${by.short_video}/publish`, { auth, body: { scheduled_at: at } });
    expect(scheduled.body.post).toEqual(await get(by.short_video));
    expect(Object.keys(scheduled.body.post).sort()).toEqual([...base, 'scheduled_at', 'short_video'].sort());
    expect(scheduled.body.post.scheduled_at).toBe(at);
    const queued = await d.call('POST', `/v1/posts/${by.long_video}/publish`, { auth });
    expect(queued.body.post.status).toBe('queued');
    expect(Object.keys(queued.body.post).sort()).toEqual([...base, 'long_video', 'title'].sort());
    const cancelled = await d.call('POST', `/v1/posts/${by.short_video}/cancel`, { auth });
    expect(cancelled.body.post.status).toBe('cancelled');
    expect(cancelled.body.post).not.toHaveProperty('scheduled_at');
    // The list shows every post of the clip, whatever its state.
    const list = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body;
    expect(Object.keys(list)).toEqual(['posts']);
    expect(list.posts.map((p: any) => p.status).sort()).toEqual(['cancelled', 'draft', 'draft', 'queued']);
    await d.app.tasks.repo.cancelPending('post.publish', by.long_video, d.clock.now());
  });
});

describe('unknown fields in post bodies are refused, and nothing moves', () => {
  it('publish with a misspelt scheduled_at is a 400, not an immediate publish', async () => {
    const { auth, by, team } = await setup();
    const r = await d.call('POST', `/v1/posts/${by.short_video}/publish`, { auth, body: { schedule_at: d.clock.now() + 3_600_000 } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect((await d.app.posts.repo.byId(by.short_video))!.status).toBe('draft');
    expect((await eventsOf(team)).filter((e) => e.type === 'post.scheduled')).toHaveLength(0);
  });

  it('cancel with a body field is a 400; with no body or {} it cancels', async () => {
    const { auth, by } = await setup();
    const r = await d.call('POST', `/v1/posts/${by.short_video}/cancel`, { auth, body: { reason: 'changed my mind' } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect((await d.app.posts.repo.byId(by.short_video))!.status).toBe('draft');
    expect((await d.call('POST', `/v1/posts/${by.short_video}/cancel`, { auth, body: {} })).body.post.status).toBe('cancelled');
    expect((await d.call('POST', `/v1/posts/${by.long_video}/cancel`, { auth })).body.post.status).toBe('cancelled');
  });

  it('an edit with settings of the right platform but an unknown key changes nothing', async () => {
    const { auth, by } = await setup();
    const before = await d.app.posts.repo.byId(by.long_video);
    const r = await d.call('PUT', `/v1/posts/${by.long_video}`, { auth, body: { caption: 'new', long_video: { category_id: '10', tags: ['x'] } } });
    expect(r.status).toBe(400);
    expect(await d.app.posts.repo.byId(by.long_video)).toEqual(before);
  });
});

describe('long-video title: at most 100 characters (spec "Limits")', () => {
  it('counts characters, not UTF-16 units: 100 emoji pass, 101 do not', async () => {
    const { auth, by } = await setup();
    const ok = await d.call('PUT', `/v1/posts/${by.long_video}`, { auth, body: { title: '🎬'.repeat(100) } });
    expect(ok.status).toBe(200);
    expect(ok.body.post.title).toBe('🎬'.repeat(100));
    const over = await d.call('PUT', `/v1/posts/${by.long_video}`, { auth, body: { title: '🎬'.repeat(101) } });
    expect(over.status).toBe(400);
    expect(over.body.error.details.field).toBe('title');
    expect((await d.app.posts.repo.byId(by.long_video))!.title).toBe('🎬'.repeat(100));
  });
});

describe('another team\'s ids are 404, indistinguishable from unknown ones', () => {
  it('renders, posts and a clip\'s posts answer the same 404 envelope for a stranger as for an unknown id', async () => {
    const { clipId, by } = await setup();
    const stranger = `Key ${await d.apiKey(await d.createTeam('stranger'))}`;
    const shape = (r: { status: number; body: any }, id: string) => ({ status: r.status, code: r.body.error.code, message: r.body.error.message.replace(id, 'ID'), details: r.body.error.details && { ...r.body.error.details, id: 'ID' } });
    const pairs: Array<[string, string, string, unknown]> = [
      ['POST', `/v1/clips/${clipId}/renders`, 'clip_unknown00000000000', undefined],
      ['GET', `/v1/clips/${clipId}/posts`, 'clip_unknown00000000000', undefined],
      ['GET', `/v1/posts/${by.short_video}`, 'post_unknown00000000000', undefined],
      ['PUT', `/v1/posts/${by.short_video}`, 'post_unknown00000000000', { caption: 'x' }],
      ['POST', `/v1/posts/${by.short_video}/publish`, 'post_unknown00000000000', {}],
      ['POST', `/v1/posts/${by.short_video}/cancel`, 'post_unknown00000000000', undefined],
    ];
    for (const [method, path, unknown, body] of pairs) {
      const real = path.split('/').find((s) => s === clipId || s === by.short_video)!;
      const theirs = await d.call(method, path, { auth: stranger, body });
      const none = await d.call(method, path.replace(real, unknown), { auth: stranger, body });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(shape(theirs, real)).toEqual(shape(none, unknown));
    }
    expect((await d.app.posts.repo.byId(by.short_video))!.status).toBe('draft');
    expect(await d.app.renders.repo.get(clipId)).toBeUndefined();
  });
});
