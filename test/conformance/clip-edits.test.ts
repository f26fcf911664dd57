import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SCRIPT, connect, insertClip, objectFile, previewReady, probe, sourceVideo } from '../publish/helpers.js';

/** Two sentences: about 8 s of words from 1 s on, inside the 12 s test video. */
const TWO = SCRIPT.split('. ').slice(0, 2).join('. ');
import { captionsKey } from '../../daemon/resources/renders/task.js';

// DESIGN.md "Second round" (issue 16): PATCH /v1/clips/:clipId {start?, end?, title?} and
// GET/PUT /v1/clips/:clipId/transcript, on a real daemon over HTTP, with real ffmpeg for the
// remade preview and the render whose captions must carry the corrected words.

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
});
afterAll(() => d.stop());

async function setup() {
  const team = await d.createTeam('editor');
  await connect(d, 'short_video', team);
  await connect(d, 'long_video', team);
  const clipId = await insertClip(d, { teamId: team, script: TWO });
  const clip = (await d.app.store.clips.byId(clipId))!;
  await d.app.store.clipJobs.saveStage(clip.job_id, 'probe', await d.app.stages.current.probe(sourceVideo(), new AbortController().signal), d.clock.now());
  await previewReady(d, clipId);
  return { team, clipId, auth: `Key ${await d.apiKey(team)}` };
}
const row = async (clipId: string) => (await d.app.store.clips.byId(clipId))!;
const drafts = async (clipId: string) => await d.app.posts.repo.listByClip(clipId);

describe('PATCH /v1/clips/:clipId', () => {
  it('sets the title, keeps the span and the preview', async () => {
    const { clipId, auth } = await setup();
    const r = await d.call('PATCH', `/v1/clips/${clipId}`, { auth, body: { title: '  Charge what it is worth ' } });
    expect(r.status).toBe(200);
    expect(r.body.clip).toMatchObject({ id: clipId, title: 'Charge what it is worth', start: 1 });
    expect(r.body.clip.preview_url).toBeTruthy();
    expect((await row(clipId)).title_edited).toBe(1);
  });

  it('trims: words of the new span, drafts written again, preview absent until remade with ffmpeg', async () => {
    const { clipId, auth } = await setup();
    const before = (await drafts(clipId)).map((p) => p.caption);
    const r = await d.call('PATCH', `/v1/clips/${clipId}`, { auth, body: { start: 4.5, end: 9 } });
    expect(r.status).toBe(200);
    expect(r.body.clip).toMatchObject({ start: 4.5, end: 9, duration: 4.5 });
    expect(r.body.clip.preview_url).toBeUndefined();
    const words = JSON.parse((await row(clipId)).words) as Array<{ start: number; end: number }>;
    expect(words.length).toBeGreaterThan(3);
    expect(words.every((w) => w.start >= 4.45 && w.end <= 9.05)).toBe(true);
    expect((await row(clipId)).transcript.startsWith('why')).toBe(false);
    expect((await drafts(clipId)).map((p) => p.caption)).not.toEqual(before);
    await d.processAll();
    const view = await d.call('GET', `/v1/clips/${(await row(clipId)).job_id}`, { auth });
    expect(view.body.clips[0].preview_url).toBeTruthy();
    const seconds = Number(probe(await objectFile(d, (await row(clipId)).preview_key!)).format.duration);
    expect(seconds).toBeGreaterThan(4);
    expect(seconds).toBeLessThan(5);
  });

  it.each([
    ['shorter than 3 s', { start: 2, end: 4 }],
    ['longer than 600 s', { start: 0, end: 700 }],
    ['past the end of the video', { start: 8, end: 13 }],
    ['end before start', { start: 9, end: 5 }],
    ['no field', {}],
    ['an unknown field', { speed: 2 }],
    ['a title that is too long', { title: 'x'.repeat(101) }],
    ['a negative start', { start: -1 }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const { clipId, auth } = await setup();
    const was = await row(clipId);
    const r = await d.call('PATCH', `/v1/clips/${clipId}`, { auth, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(await row(clipId)).toEqual(was);
    expect(await d.app.tasks.repo.active('clip.preview', clipId)).toBeUndefined();
  });

  it('answers 409 while one of its posts is publishing or its job is still making its preview, 404 for another team\'s clip', async () => {
    const { clipId, auth } = await setup();
    const post = (await drafts(clipId))[0];
    d.app.db.prepare("UPDATE posts SET status = 'uploading' WHERE id = ?").run(post.id);
    const r = await d.call('PATCH', `/v1/clips/${clipId}`, { auth, body: { start: 2 } });
    expect(r.status).toBe(409);
    expect(r.body.error.details).toMatchObject({ post_id: post.id, status: 'uploading' });
    expect((await row(clipId)).start).toBe(1);
    // A clip whose running job has not made its preview yet waits for it.
    const fresh = await insertClip(d, { teamId: (await d.app.store.clips.byId(clipId))!.team_id, script: TWO });
    const early = await d.call('PATCH', `/v1/clips/${fresh}`, { auth, body: { start: 2 } });
    expect(early.status).toBe(409);
    expect(early.body.error.details).toMatchObject({ status: 'processing' });
    expect((await d.call('PATCH', `/v1/clips/${fresh}`, { auth, body: { title: 'A title is fine' } })).status).toBe(200);
    const other = `Key ${await d.apiKey(await d.createTeam('someone else'))}`;
    expect((await d.call('PATCH', `/v1/clips/${clipId}`, { auth: other, body: { title: 'x' } })).status).toBe(404);
    expect((await d.call('GET', `/v1/clips/${clipId}/transcript`, { auth: other })).status).toBe(404);
  });
});

describe('GET/PUT /v1/clips/:clipId/transcript', () => {
  it('shows the words as sentences: sentence case and end marks', async () => {
    const { clipId, auth } = await setup();
    const r = await d.call('GET', `/v1/clips/${clipId}/transcript`, { auth });
    expect(r.status).toBe(200);
    expect(r.body.clip_id).toBe(clipId);
    const text = r.body.words.map((w: { text: string }) => w.text).join(' ');
    expect(text.startsWith('Why do most startups charge too little for their product?')).toBe(true);
    expect(text).toContain('Pricing is the strongest signal');
  });

  it('saves corrected words: captions of a render, the title and the drafts use them, a later trim keeps them', async () => {
    const { clipId, auth } = await setup();
    const { words } = (await d.call('GET', `/v1/clips/${clipId}/transcript`, { auth })).body;
    const at = words.findIndex((w: { text: string }) => w.text === 'startups');
    words[at].text = 'founders';
    const put = await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words } });
    expect(put.status).toBe(200);
    expect(put.body.words[at].text).toBe('founders');
    // Issue 29: the corrected word alone changes; the title is not re-cased.
    expect((await row(clipId)).title).toBe('Why founders charge too little');
    expect((await drafts(clipId)).some((p) => p.caption.includes('founders'))).toBe(true);
    expect((await drafts(clipId)).some((p) => p.caption.includes('startups'))).toBe(false);

    const trimmed = await d.call('PATCH', `/v1/clips/${clipId}`, { auth, body: { start: 1, end: 11.5 } });
    expect(trimmed.status).toBe(200);
    expect(JSON.parse((await row(clipId)).words).some((w: { text: string }) => w.text === 'founders')).toBe(true);

    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth })).status).toBe(202);
    await d.processAll();
    const render = (await d.app.renders.repo.get(clipId))!;
    expect(render.status).toBe('done');
    const ass = readFileSync(await objectFile(d, captionsKey(clipId, render.generation)), 'utf8');
    expect(ass).toMatch(/founders/i);
    expect(ass).not.toMatch(/startups/i);
  });

  it('frames the clip again after a correction of who speaks, not after a corrected word', async () => {
    const { clipId, auth } = await setup();
    const clip = await row(clipId);
    const framing = { clip_id: clipId, start: clip.start, end: clip.end, layout: 'fill' as const, plan: '{}', created_at: d.clock.now() };
    await d.app.store.framings.save(framing);
    const { words } = (await d.call('GET', `/v1/clips/${clipId}/transcript`, { auth })).body;
    words[1].text = 'most';
    expect((await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words } })).status).toBe(200);
    expect(await d.app.store.framings.get(clipId)).toMatchObject({ layout: 'fill' });
    const half = Math.floor(words.length / 2);
    const voiced = words.map((w: object, i: number) => ({ ...w, speaker: i < half ? 'S1' : 'S2' }));
    expect((await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words: voiced } })).status).toBe(200);
    expect(await d.app.store.framings.get(clipId)).toBeUndefined();
    // Its preview is made again, framed anew (as after a trim: absent until ready; face tracking is off here).
    expect((await row(clipId)).preview_key).toBeNull();
    await d.processAll();
    expect((await row(clipId)).preview_key).toBeTruthy();
    // Retyping a word inside a turn leaves a new framing alone; moving the turn does not.
    await d.app.store.framings.save(framing);
    voiced[0].text = 'why';
    expect((await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words: voiced } })).status).toBe(200);
    expect(await d.app.store.framings.get(clipId)).toBeDefined();
    const kept = (await row(clipId)).preview_key;
    voiced[0].text = 'Why';
    expect((await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words: voiced } })).status).toBe(200);
    expect((await row(clipId)).preview_key).toBe(kept);
    voiced[half].speaker = 'S1';
    expect((await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words: voiced } })).status).toBe(200);
    expect(await d.app.store.framings.get(clipId)).toBeUndefined();
    expect((await row(clipId)).preview_key).toBeNull();
  });

  it.each([
    ['words out of time order', (w: any[]) => [w[1], w[0], ...w.slice(2)]],
    ['a word outside the clip', (w: any[]) => [...w, { text: 'late', start: 30, end: 30.2 }]],
    ['a word that ends before it starts', (w: any[]) => [{ ...w[0], end: w[0].start - 0.1 }, ...w.slice(1)]],
    ['two words in one', (w: any[]) => [{ ...w[0], text: 'two words' }, ...w.slice(1)]],
    ['an empty word', (w: any[]) => [{ ...w[0], text: ' ' }, ...w.slice(1)]],
    ['an unknown field', (w: any[]) => [{ ...w[0], confidence: 1 }, ...w.slice(1)]],
  ])('refuses %s with 400 and changes nothing', async (_name, change) => {
    const { clipId, auth } = await setup();
    const was = await row(clipId);
    const { words } = (await d.call('GET', `/v1/clips/${clipId}/transcript`, { auth })).body;
    const r = await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words: change(words) } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details.field).toMatch(/^words/);
    expect(await row(clipId)).toEqual(was);
    expect(await d.app.store.clips.transcriptEdit(clipId)).toBeUndefined();
  });
});
