import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_LIMITS, HASHTAG_LIMITS, TITLE_MAX, captionProblem, hashtagsIn } from '../../src/api/posts.js';
import { PLATFORMS } from '../../src/api/events.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SCRIPT, connect, insertClip, previewReady } from '../publish/helpers.js';

// Issue 15, item 4: "Caption limits per platform enforced and documented (long-video title 100,
// description 5,000; short-video caption 2,200; photo-sharing 2,200 with at most 30 hashtags;
// professional-network 3,000), and hashtags in the form each platform uses."

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  for (const p of PLATFORMS) await connect(d, p);
});
afterAll(() => d.stop());

describe('captions for the real platforms', () => {
  it('states the limits of the issue', () => {
    expect(CAPTION_LIMITS).toEqual({ long_video: 5000, short_video: 2200, photo_sharing: 2200, professional_network: 3000 });
    expect(TITLE_MAX).toBe(100);
    expect(HASHTAG_LIMITS.photo_sharing).toBe(30);
  });

  it('reads hashtags as written after a space or at the start, not inside words or URLs', () => {
    expect(hashtagsIn('#Start and #Pricing_101, a#b, https://x.example/#frag and ##x #é')).toEqual(['#Start', '#Pricing_101', '#é']);
    expect(captionProblem('photo_sharing', Array.from({ length: 30 }, (_, i) => `#t${i}`).join(' '))).toBeUndefined();
    expect(captionProblem('photo_sharing', Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' '))).toBe('caption has at most 30 hashtags on photo_sharing (got 31)');
    expect(captionProblem('short_video', 'x'.repeat(2201))).toBe('caption is at most 2200 characters on short_video (got 2201)');
    expect(captionProblem('professional_network', '😀'.repeat(3000))).toBeUndefined(); // characters, not UTF-16 units
  });

  it('writes drafts within every platform\'s limits, hashtags as #CamelCase at the end', async () => {
    const clipId = await insertClip(d, { script: SCRIPT, videoScript: SCRIPT });
    await previewReady(d, clipId);
    const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth: `Key ${await d.apiKey()}` })).body.posts as Array<{ platform: 'long_video'; caption: string; title?: string }>;
    expect(posts).toHaveLength(4);
    for (const p of posts) {
      expect(captionProblem(p.platform, p.caption)).toBeUndefined();
      const tags = hashtagsIn(p.caption);
      expect(tags.length).toBeGreaterThan(0);
      for (const t of tags) expect(t).toMatch(/^#[A-Z][\p{L}\p{N}]*$/u);
      expect(p.caption.trimEnd().endsWith(tags.at(-1)!)).toBe(true);
    }
    expect(posts.find((p) => p.platform === 'long_video')!.title!.length).toBeLessThanOrEqual(100);
  });

  it('refuses an edit over a platform\'s limits with 400, changing nothing', async () => {
    const clipId = await insertClip(d, { script: SCRIPT });
    await previewReady(d, clipId);
    const auth = `Key ${await d.apiKey()}`;
    const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts as Array<{ id: string; platform: string; caption: string }>;
    const photo = posts.find((p) => p.platform === 'photo_sharing')!;
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    const r = await d.call('PUT', `/v1/posts/${photo.id}`, { auth, body: { caption: `Too many. ${tags}` } });
    expect(r).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'caption has at most 30 hashtags on photo_sharing (got 31)', details: { field: 'caption', limit: 2200, hashtags: 30 } } } });
    expect((await d.app.posts.repo.byId(photo.id))!.caption).toBe(photo.caption);
    const linked = posts.find((p) => p.platform === 'professional_network')!;
    expect((await d.call('PUT', `/v1/posts/${linked.id}`, { auth, body: { caption: 'x'.repeat(3001) } })).body.error.message).toBe('caption is at most 3000 characters on professional_network (got 3001)');
    expect((await d.call('PUT', `/v1/posts/${linked.id}`, { auth, body: { caption: 'x'.repeat(3000) } })).status).toBe(200);
  });
});
