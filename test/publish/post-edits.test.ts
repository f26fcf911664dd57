import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../src/api/events.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { connect, insertClip, previewReady } from './helpers.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
});
afterAll(() => d.stop());

/** A fresh team with every platform connected and one clip's drafts; returns the posts by platform. */
async function drafts(): Promise<{ team: string; auth: string; by: Record<string, any> }> {
  const team = await d.createTeam('edits');
  for (const p of PLATFORMS) await connect(d, p, team);
  const clipId = await insertClip(d, { teamId: team });
  await previewReady(d, clipId);
  const auth = `Key ${await d.apiKey(team)}`;
  const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts;
  return { team, auth, by: Object.fromEntries(posts.map((p: any) => [p.platform, p])) };
}

describe('PUT /v1/posts/:postId (spec: drafts only, per-platform fields, partial merge)', () => {
  it('edits caption and title of a long-video draft and merges long_video settings', async () => {
    const { auth, by } = await drafts();
    const r = await d.call('PUT', `/v1/posts/${by.long_video.id}`, { auth, body: { caption: 'New description', title: 'A better title', long_video: { category_id: '27' } } });
    expect(r.status).toBe(200);
    expect(r.body.post).toMatchObject({ id: by.long_video.id, caption: 'New description', title: 'A better title', long_video: { category_id: '27' }, status: 'draft' });
    expect((await d.call('GET', `/v1/posts/${by.long_video.id}`, { auth })).body.post).toEqual(r.body.post);
  });

  it('merges a partial short_video object over the existing settings', async () => {
    const { auth, by } = await drafts();
    const r = await d.call('PUT', `/v1/posts/${by.short_video.id}`, { auth, body: { short_video: { disable_duet: true } } });
    expect(r.status).toBe(200);
    expect(r.body.post.short_video).toEqual({ ...by.short_video.short_video, disable_duet: true });
    const r2 = await d.call('PUT', `/v1/posts/${by.short_video.id}`, { auth, body: { short_video: { privacy_level: 'SELF_ONLY' } } });
    expect(r2.body.post.short_video).toEqual({ ...by.short_video.short_video, disable_duet: true, privacy_level: 'SELF_ONLY' });
    expect(r2.body.post.caption).toBe(by.short_video.caption);
  });

  it.each([
    ['title on a short_video post', 'short_video', { title: 'x' }, 'title'],
    ['title on a photo_sharing post', 'photo_sharing', { title: 'x' }, 'title'],
    ['long_video on a short_video post', 'short_video', { long_video: { category_id: '1' } }, 'long_video'],
    ['long_video on a professional_network post', 'professional_network', { long_video: { category_id: '1' } }, 'long_video'],
    ['short_video on a long_video post', 'long_video', { short_video: { disable_duet: true } }, 'short_video'],
    ['short_video on a photo_sharing post', 'photo_sharing', { short_video: { disable_duet: true } }, 'short_video'],
    ['an unknown privacy_level', 'short_video', { short_video: { privacy_level: 'EVERYONE' } }, 'short_video.privacy_level'],
    ['a toggle that is not a boolean', 'short_video', { short_video: { disable_comment: 'yes' } }, 'short_video.disable_comment'],
    ['each toggle type-checked (brand_organic_toggle)', 'short_video', { short_video: { brand_organic_toggle: 1 } }, 'short_video.brand_organic_toggle'],
    ['an unknown short_video setting', 'short_video', { short_video: { allow_gifts: true } }, 'short_video'],
    ['a category_id that is not digits', 'long_video', { long_video: { category_id: 'music' } }, 'long_video.category_id'],
    ['a numeric category_id', 'long_video', { long_video: { category_id: 22 } }, 'long_video.category_id'],
    ['a title over 100 characters', 'long_video', { title: 'x'.repeat(101) }, 'title'],
    ['an empty title', 'long_video', { title: '  ' }, 'title'],
    ['a caption that is not a string', 'short_video', { caption: 5 }, 'caption'],
    ['an unknown field', 'short_video', { hashtags: ['a'] }, null],
    ['a long_video description over 5000', 'long_video', { caption: 'a'.repeat(5001) }, 'caption'],
    ['a short_video caption over 2200', 'short_video', { caption: 'a'.repeat(2201) }, 'caption'],
    ['a photo_sharing caption over 2200', 'photo_sharing', { caption: 'a'.repeat(2201) }, 'caption'],
    ['a professional_network text over 3000', 'professional_network', { caption: 'a'.repeat(3001) }, 'caption'],
  ])('refuses %s with 400 and changes nothing', async (_name, platform, body, field) => {
    const { auth, by } = await drafts();
    const before = (await d.call('GET', `/v1/posts/${by[platform].id}`, { auth })).body.post;
    const r = await d.call('PUT', `/v1/posts/${by[platform].id}`, { auth, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    if (field) expect(r.body.error.details.field).toBe(field);
    expect((await d.call('GET', `/v1/posts/${by[platform].id}`, { auth })).body.post).toEqual(before);
  });

  it('accepts captions at exactly each platform limit (counted in characters)', async () => {
    const { auth, by } = await drafts();
    const limits = { long_video: 5000, short_video: 2200, photo_sharing: 2200, professional_network: 3000 } as const;
    for (const [platform, limit] of Object.entries(limits)) {
      const r = await d.call('PUT', `/v1/posts/${by[platform].id}`, { auth, body: { caption: '🎬'.repeat(limit) } });
      expect(r.status).toBe(200);
    }
    expect((await d.call('PUT', `/v1/posts/${by.long_video.id}`, { auth, body: { title: 't'.repeat(100) } })).status).toBe(200);
  });

  it.each(['scheduled', 'queued', 'cancelled'])('refuses to edit a %s post with 400', async (state) => {
    const { auth, by } = await drafts();
    const id = by.short_video.id;
    if (state === 'scheduled') await d.call('POST', `/v1/posts/${id}/publish`, { auth, body: { scheduled_at: d.clock.now() + 3_600_000 } });
    if (state === 'queued') await d.call('POST', `/v1/posts/${id}/publish`, { auth });
    if (state === 'cancelled') await d.call('POST', `/v1/posts/${id}/cancel`, { auth });
    expect((await d.call('GET', `/v1/posts/${id}`, { auth })).body.post.status).toBe(state);
    const r = await d.call('PUT', `/v1/posts/${id}`, { auth, body: { caption: 'too late' } });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatchObject({ field: 'status', status: state });
    expect((await d.call('GET', `/v1/posts/${id}`, { auth })).body.post.caption).toBe(by.short_video.caption);
  });

  it('answers 404 for a post of another team, and for an unknown post', async () => {
    const { by } = await drafts();
    const stranger = `Key ${await d.apiKey(await d.createTeam('stranger'))}`;
    expect((await d.call('PUT', `/v1/posts/${by.short_video.id}`, { auth: stranger, body: { caption: 'mine now' } })).status).toBe(404);
    expect((await d.call('POST', `/v1/posts/${by.short_video.id}/publish`, { auth: stranger })).status).toBe(404);
    expect((await d.call('POST', `/v1/posts/${by.short_video.id}/cancel`, { auth: stranger })).status).toBe(404);
    expect((await d.call('PUT', '/v1/posts/post_nothing', { auth: stranger, body: {} })).status).toBe(404);
  });
});
