import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_STYLES } from '../../src/api/looks.js';
import { CAPTION_PRESETS, SAFE_ZONE } from '../../daemon/pipeline/render/caption-styles.js';
import { buildAss } from '../../daemon/pipeline/render/captions-ass.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, connect, insertClip, previewReady } from './helpers.js';

// Issue 17, items 2 and 3: the `layout` and `caption_style` extension fields of renders and
// posts, and the caption presets. Nothing renders here (render tasks are cancelled).

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
});
afterAll(() => d.stop());
const cancelRender = async (clipId: string) => await d.app.tasks.repo.cancelPending('clip.render', clipId, d.clock.now());

describe('layout and caption_style on renders', () => {
  it('accepts them, keeps them and shows them on GET; the spec answer stays the same', async () => {
    const clipId = await insertClip(d, { script: SHORT });
    const auth = `Key ${await d.apiKey()}`;
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: { layout: 'split', caption_style: 'karaoke' } });
    expect(r.status).toBe(202);
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'render_id', 'status']);
    await cancelRender(clipId);
    expect((await d.call('GET', `/v1/renders/${clipId}`, { auth })).body).toMatchObject({ layout: 'split', caption_style: 'karaoke' });
    // A re-trigger without them goes back to the automatic layout and the classic captions.
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth });
    await cancelRender(clipId);
    const again = (await d.call('GET', `/v1/renders/${clipId}`, { auth })).body;
    expect(again).not.toHaveProperty('layout');
    expect(again).not.toHaveProperty('caption_style');
  });

  it.each([
    [{ layout: 'wide' }, 'layout'],
    [{ caption_style: 'comic' }, 'caption_style'],
    [{ caption_style: 'pop', colour: 'red' }, 'colour'],
  ])('refuses %j with 400 naming the field, before anything is charged', async (body, field) => {
    const team = await d.createTeam('looks');
    const clipId = await insertClip(d, { teamId: team, script: SHORT });
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: `Key ${await d.apiKey(team)}`, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.message).toContain(field);
    expect(await d.app.renders.repo.get(clipId)).toBeUndefined();
    expect(await d.app.renders.minutes.used(team, d.clock.now())).toBe(0);
  });
});

describe('layout and caption_style on posts', () => {
  it('a draft takes them (PUT), shows them, and refuses a wrong value without changing anything', async () => {
    const team = await d.createTeam('looks-posts');
    await connect(d, 'short_video', team);
    const clipId = await insertClip(d, { teamId: team, script: SHORT });
    await previewReady(d, clipId);
    const auth = `Key ${await d.apiKey(team)}`;
    const post = (await d.app.posts.repo.listByClip(clipId))[0];
    const ok = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { caption_style: 'boxed', layout: 'fit' } });
    expect(ok.status).toBe(200);
    expect(ok.body.post).toMatchObject({ caption_style: 'boxed', layout: 'fit', caption: post.caption });
    const bad = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { caption: 'changed', layout: 'diagonal' } });
    expect(bad.status).toBe(400);
    expect(await d.app.posts.repo.byId(post.id)).toMatchObject({ caption: post.caption, layout: 'fit', caption_style: 'boxed' });
  });
});

describe('caption presets', () => {
  const words = 'so here is the thing about pricing nobody tells you'.split(' ').map((text, i) => ({ text, start: 1 + i * 0.4, end: 1.35 + i * 0.4 }));

  it.each(CAPTION_STYLES)('%s keeps its text inside the safe zone of the 1080x1920 frame', (style) => {
    const p = CAPTION_PRESETS[style];
    expect(p.marginL).toBeGreaterThanOrEqual(SAFE_ZONE.left);
    expect(p.marginR).toBeGreaterThanOrEqual(SAFE_ZONE.right);
    // Bottom-aligned text grows upwards from MarginV: the lines fit between it and the top bar.
    expect(p.marginV).toBeGreaterThanOrEqual(SAFE_ZONE.bottom);
    expect(p.marginV + 3 * p.font * 1.25).toBeLessThan(1920 - SAFE_ZONE.top);
    const ass = buildAss(words, 1, 5, { style });
    expect(ass).toContain('Style: Caption,DejaVu Sans,');
    expect(ass.split('\n').filter((l) => l.startsWith('Dialogue:')).length).toBeGreaterThan(0);
  });

  it('karaoke times each word, pop shows one word at a time with a bounce, minimal keeps sentence case', () => {
    const karaoke = buildAss(words, 1, 5, { style: 'karaoke' }).split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(karaoke[0]).toMatch(/,,\{\\kf35\}SO \{\\k5\}\{\\kf35\}HERE \{\\k5\}\{\\kf35\}IS \{\\k5\}\{\\kf35\}THE$/);
    const pop = buildAss(words, 1, 5, { style: 'pop' }).split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(pop).toHaveLength(words.length);
    expect(pop[0]).toMatch(/\\t\(0,90,\\fscx115\\fscy115\).*SO$/);
    expect(buildAss(words, 1, 5, { style: 'minimal' })).toContain('so here is the thing about pricing');
    expect(buildAss(words, 1, 5, { style: 'classic', layout: 'split' })).toMatch(/Style: Caption,.*,5,100,160,0,1$/m);
  });
});
