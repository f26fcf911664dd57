import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_LIMITS, DEFAULT_LONG_VIDEO, DEFAULT_SHORT_VIDEO } from '../../src/api/posts.js';
import { PLATFORMS } from '../../src/api/events.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SCRIPT, connect, insertClip, previewReady } from './helpers.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
});
afterAll(() => d.stop());

const VIDEO =
  'welcome back to the show. today we talk about hiring your first engineer. ' +
  'hiring is slow and expensive. we also cover fundraising and investor updates. ' + SCRIPT;

const clipWordsOf = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9']+/g));

describe('drafts on preview ready (spec "Post": one draft per connected platform)', () => {
  it('writes one draft per connected platform, each with post.draft.created, and none for others', async () => {
    const team = await d.createTeam('drafts');
    await connect(d, 'short_video', team);
    await connect(d, 'long_video', team);
    const clipId = await insertClip(d, { teamId: team, videoScript: VIDEO });
    const before = (await d.app.store.events.readAfter(0, 10_000, team)).length;
    await previewReady(d, clipId);
    const r = await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(team)}` });
    expect(r.status).toBe(200);
    expect(r.body.posts.map((p: any) => p.platform).sort()).toEqual(['long_video', 'short_video']);
    const events = (await d.app.store.events.readAfter(0, 10_000, team)).slice(before);
    expect(events.map((e) => e.type)).toEqual(['post.draft.created', 'post.draft.created']);
    for (const p of r.body.posts) {
      expect(events.some((e) => JSON.stringify(e.data) === JSON.stringify({ post_id: p.id, clip_id: clipId, platform: p.platform, team_id: team }))).toBe(true);
      expect(p.status).toBe('draft');
    }
    // A second preview-ready for the same clip does not duplicate drafts.
    await previewReady(d, clipId);
    expect((await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(team)}` })).body.posts).toHaveLength(2);
  });

  it('gives each draft only its own settings object, with the defaults', async () => {
    const team = await d.createTeam('settings');
    for (const p of PLATFORMS) await connect(d, p, team);
    const clipId = await insertClip(d, { teamId: team, videoScript: VIDEO });
    await previewReady(d, clipId);
    const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(team)}` })).body.posts;
    const by = Object.fromEntries(posts.map((p: any) => [p.platform, p]));
    expect(by.short_video.short_video).toEqual(DEFAULT_SHORT_VIDEO);
    expect(by.short_video).not.toHaveProperty('long_video');
    expect(by.short_video).not.toHaveProperty('title');
    expect(by.long_video.long_video).toEqual(DEFAULT_LONG_VIDEO);
    expect(by.long_video.long_video.category_id).toMatch(/^\d+$/);
    expect(by.long_video).not.toHaveProperty('short_video');
    for (const p of ['photo_sharing', 'professional_network']) {
      expect(by[p]).not.toHaveProperty('short_video');
      expect(by[p]).not.toHaveProperty('long_video');
      expect(by[p]).not.toHaveProperty('title');
    }
  });

  it('writes captions and the long-video title from the clip\'s own words, within each platform\'s limits', async () => {
    const team = await d.createTeam('captions');
    for (const p of PLATFORMS) await connect(d, p, team);
    const clipId = await insertClip(d, { teamId: team, videoScript: VIDEO });
    await previewReady(d, clipId);
    const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(team)}` })).body.posts;
    const allowed = clipWordsOf(SCRIPT);
    for (const p of posts) {
      expect([...p.caption].length).toBeLessThanOrEqual(CAPTION_LIMITS[p.platform as keyof typeof CAPTION_LIMITS]);
      const [hook] = p.caption.split('\n');
      // The hook is a sentence of the clip: capitalised, punctuated, every word the clip's.
      expect(hook).toMatch(/^[A-Z].*[.?…]$/);
      for (const w of clipWordsOf(hook)) expect(allowed.has(w)).toBe(true);
      const tags: string[] = p.caption.match(/#\w+/g) ?? [];
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(5);
      for (const t of tags) {
        const words = t.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
        for (const w of words) expect(allowed.has(w)).toBe(true);
      }
      // Nothing from the rest of the video leaks into the clip's caption.
      expect(p.caption.toLowerCase()).not.toContain('fundraising');
    }
    const long = posts.find((p: any) => p.platform === 'long_video');
    expect(long.title.length).toBeGreaterThan(10);
    expect(long.title.length).toBeLessThanOrEqual(100);
    expect(long.title).toMatch(/^[A-Z]/);
  });

  it('keeps a very long transcript within the limits', async () => {
    const team = await d.createTeam('long');
    for (const p of PLATFORMS) await connect(d, p, team);
    const long = Array.from({ length: 60 }, (_, i) => `pricing lesson number ${i} is about charging customers for value they receive`).join('. ');
    const clipId = await insertClip(d, { teamId: team, script: long, start: 0, end: 11.9 });
    await previewReady(d, clipId);
    const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(team)}` })).body.posts;
    for (const p of posts) expect([...p.caption].length).toBeLessThanOrEqual(CAPTION_LIMITS[p.platform as keyof typeof CAPTION_LIMITS]);
    const lv = posts.find((p: any) => p.platform === 'long_video');
    expect(lv.caption.length).toBeGreaterThan(2200);
  });

  it('lists posts only for the clip\'s own team (404 for another team)', async () => {
    const team = await d.createTeam('owner');
    await connect(d, 'short_video', team);
    const clipId = await insertClip(d, { teamId: team });
    await previewReady(d, clipId);
    const other = await d.createTeam('stranger');
    expect((await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(other)}` })).status).toBe(404);
    const own = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey(team)}` })).body.posts[0];
    expect((await d.call('GET', `/v1/posts/${own.id}`, { auth: `Key ${await d.apiKey(other)}` })).status).toBe(404);
    const got = await d.call('GET', `/v1/posts/${own.id}`, { auth: `Key ${await d.apiKey(team)}` });
    expect(got.body).toEqual({ post: own });
  });
});
