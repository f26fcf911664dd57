import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASPECTS, ASPECT_SIZES, CAPTION_STYLES } from '../../src/api/looks.js';
import { presetFor, SAFE_ZONES } from '../../daemon/pipeline/render/caption-styles.js';
import { buildAss } from '../../daemon/pipeline/render/captions-ass.js';
import { cutWords, outputTime, planCuts, SILENCE_GAP } from '../../daemon/pipeline/render/cuts.js';
import { findFillers } from '../../daemon/pipeline/language/fillers.js';
import { planForFrame } from '../../daemon/pipeline/framing/aspect.js';
import { centrePlan } from '../../daemon/pipeline/framing/plan.js';
import { framingFilter } from '../../daemon/pipeline/framing/filter.js';
import { fullRenderArgs } from '../../daemon/pipeline/render/render-graph.js';
import type { FramingPlan } from '../../daemon/pipeline/framing/types.js';
import type { Word } from '../../daemon/pipeline/types.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { connect, insertClip, previewReady } from './helpers.js';

// Issue 29, items 4 and 5: every aspect ratio, and cuts without filler. Units first, then the
// API (nothing renders here: render tasks are cancelled; aspect-cuts-render.test.ts renders).

const w = (text: string, start: number, end: number): Word => ({ text, start, end });

describe('filler words per language', () => {
  it('cuts hesitations of the clip\'s language only: "ben" is French filler, an English name', () => {
    const fr = [w('euh', 0, 0.3), w('ben', 0.4, 0.6), w('oui', 0.7, 0.9)];
    expect(findFillers(fr, 'fr')).toEqual([[0, 0], [1, 1]]);
    expect(findFillers([w('ben', 0, 0.3), w('said', 0.4, 0.6)], 'en')).toEqual([]);
    expect(findFillers([w('äh', 0, 0.3), w('ja', 0.4, 0.6)], 'de-DE')).toEqual([[0, 0]]);
    expect(findFillers([w('Um,', 0, 0.3), w('yes', 0.4, 0.6)], 'en')).toEqual([[0, 0]]);
  });

  it('cuts "you know" only when it is set off by a comma or a pause, never "do you know"', () => {
    const set = [w('it', 0, 0.2), w('was,', 0.25, 0.5), w('you', 0.55, 0.7), w('know,', 0.72, 0.9), w('fine', 0.95, 1.2)];
    expect(findFillers(set, 'en')).toEqual([[2, 3]]);
    const question = [w('do', 0, 0.2), w('you', 0.22, 0.4), w('know', 0.42, 0.6), w('why', 0.62, 0.8)];
    expect(findFillers(question, 'en')).toEqual([]);
  });
});

describe('the cut list', () => {
  // Clip 10-20 s: a 1.5 s pause after "first", an "um" with pauses around it, a last word at 16.
  const words = [w('first', 10.5, 11), w('second', 12.5, 13), w('um', 13.3, 13.6), w('third', 14.1, 14.5), w('last', 16, 16.4)];

  it('nothing asked: the whole clip', () => {
    expect(planCuts(words, 10, 20)).toEqual({ removed: [], segments: [{ start: 10, end: 20 }], duration: 10 });
  });

  it('removes fillers, then shortens what is left of each pause longer than 0.6 s to the short gap', () => {
    const plan = planCuts(words, 10, 20, { removeFillers: true, removeSilences: true, language: 'en' });
    const half = SILENCE_GAP / 2;
    // The 0.5 s before "first" is under the threshold and stays; the pause around "um" counts
    // only its quiet parts (0.3 + 0.5 s) and loses all but the gap, the filler with it.
    expect(plan.removed).toEqual([
      { start: 11 + half, end: 12.5 - half, kind: 'silence' },
      { start: 13 + half, end: 14.1 - half, kind: 'silence' },
      { start: 13.3, end: 13.6, kind: 'filler', text: 'um' },
      { start: 14.5 + half, end: 16 - half, kind: 'silence' },
      { start: 16.4 + half, end: 20, kind: 'silence' },
    ]);
    const kept = plan.segments.map((s) => [s.start, s.end]);
    expect(kept).toEqual([[10, 11.125], [12.375, 13.125], [13.975, 14.625], [15.875, 16.525]]);
    expect(plan.duration).toBeCloseTo(1.125 + 0.75 + 0.65 + 0.65, 1);
  });

  it('a kept span restores the removed span it overlaps', () => {
    const plan = planCuts(words, 10, 20, { removeFillers: true, language: 'en', keep: [{ start: 13.3, end: 13.6 }] });
    expect(plan.removed).toEqual([]);
    expect(plan.duration).toBe(10);
    const silences = planCuts(words, 10, 20, { removeSilences: true, keep: [{ start: 12, end: 12.1 }] });
    expect(silences.removed.some((r) => r.start < 12.1 && r.end > 12)).toBe(false);
  });

  it('moves the captions with the cuts: a removed word is gone, the others on the output clock', () => {
    const plan = planCuts(words, 10, 20, { removeFillers: true, removeSilences: true, language: 'en' });
    const moved = cutWords(words, plan, 10);
    expect(moved.map((x) => x.text)).toEqual(['first', 'second', 'third', 'last']);
    expect(moved[0].start).toBeCloseTo(10.5, 3);
    expect(moved[1].start).toBeCloseTo(10 + 1.125 + 0.125, 3);
    expect(outputTime(plan, 20)).toBeCloseTo(plan.duration, 2);
    const ass = buildAss(moved, 10, 10 + plan.duration).split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(ass.join('\n')).not.toContain('UM');
    expect(ass[ass.length - 1]).toMatch(/^Dialogue: 0,0:00:02\.\d\d,/);
  });
});

describe('every aspect ratio', () => {
  const sample = [w('so', 1, 1.3), w('here', 1.4, 1.7), w('is', 1.8, 2)];

  it.each(ASPECTS.flatMap((a) => CAPTION_STYLES.map((s) => [a, s] as const)))('%s %s captions stay inside that frame\'s safe zone', (aspect, style) => {
    const p = presetFor(style, aspect);
    const zone = SAFE_ZONES[aspect];
    const { width, height } = ASPECT_SIZES[aspect];
    expect(p.marginL).toBeGreaterThanOrEqual(zone.left);
    expect(p.marginR).toBeGreaterThanOrEqual(zone.right);
    expect(p.marginV).toBeGreaterThanOrEqual(zone.bottom);
    expect(p.marginV + 3 * p.font * 1.25).toBeLessThan(height - zone.top);
    expect(width - p.marginL - p.marginR).toBeGreaterThan(p.font * 6);
    const ass = buildAss(sample, 1, 3, { style, aspect });
    expect(ass).toContain(`PlayResX: ${width}\nPlayResY: ${height}`);
  });

  it('re-cuts the plan\'s windows for the ratio around the same path, inside the picture', () => {
    const source = { width: 1920, height: 1080 };
    const plan: FramingPlan = {
      ...centrePlan(source, 10, 'test'),
      fill: { w: 606, h: 1080, x: { v0: 100, keys: [{ t: 5, v: 800 }, { t: 8, v: 1300 }] }, y: { v0: 0, keys: [] } },
      split: { top: { w: 1214, h: 1080, x: { v0: 0, keys: [] }, y: { v0: 0, keys: [] } }, bottom: { w: 1214, h: 1080, x: { v0: 700, keys: [] }, y: { v0: 0, keys: [] } } },
      layout: 'split',
    };
    expect(planForFrame(plan, ASPECT_SIZES['9:16'])).toBe(plan);
    const square = planForFrame(plan, ASPECT_SIZES['1:1']);
    expect(square.fill).toMatchObject({ w: 1080, h: 1080 });
    // The centre kept (800 + 303 - 540 = 563), held inside the picture at both edges.
    expect(square.fill.x).toEqual({ v0: 0, keys: [{ t: 5, v: 563 }, { t: 8, v: 840 }] });
    const wide = planForFrame(plan, ASPECT_SIZES['16:9']);
    expect(wide.fill).toMatchObject({ w: 1920, h: 1080, x: { v0: 0, keys: [{ t: 5, v: 0 }, { t: 8, v: 0 }] } });
    // 16:9 puts two speakers side by side: each window is half the frame's width.
    expect(wide.split!.top.w / wide.split!.top.h).toBeCloseTo(960 / 1080, 2);
    expect(framingFilter(wide, ASPECT_SIZES['16:9'], 'split')).toContain('hstack');
    expect(framingFilter(square, ASPECT_SIZES['1:1'], 'split')).toContain('vstack');
  });

  it('renders the aspect\'s size, and with cuts trims picture and sound alike and joins them pairwise', () => {
    const base = { source: 's.mp4', start: 10, end: 20, assFile: '/tmp/c.ass', width: 1920, height: 1080, hasAudio: true, output: 'o.mp4' };
    const filter = (args: string[]) => args[args.indexOf('-filter_complex') + 1];
    expect(filter(fullRenderArgs({ ...base, aspect: '4:5' }))).toContain('scale=1080:1350');
    const cut = fullRenderArgs({ ...base, aspect: '16:9', segments: [{ start: 10.5, end: 12 }, { start: 13, end: 19 }] });
    const graph = filter(cut);
    expect(graph).toContain('scale=1920:1080');
    expect(graph).toContain('[c0]trim=start=0.500:end=2.000,setpts=PTS-STARTPTS[v0]');
    expect(graph).toContain('[d1]atrim=start=3.000:end=9.000,asetpts=PTS-STARTPTS[a1]');
    expect(graph).toContain('[v0][a0][v1][a1]concat=n=2:v=1:a=1[vc][a]');
    expect(cut.slice(cut.indexOf('-map'), cut.indexOf('-map') + 4)).toEqual(['-map', '[v]', '-map', '[a]']);
  });
});

let d: TestDaemon;
describe('the API', () => {
  beforeAll(async () => {
    d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  });
  afterAll(() => d?.stop());
  const cancelRender = async (clipId: string) => await d.app.tasks.repo.cancelPending('clip.render', clipId, d.clock.now());
  const SCRIPT = 'so um here is the thing. you know, pricing is hard';

  it('a render takes aspect and the cut options, shows them, and reports the cut duration', async () => {
    const clipId = await insertClip(d, { script: SCRIPT });
    const auth = `Key ${await d.apiKey()}`;
    const body = { aspect: '1:1', remove_fillers: true, remove_silences: true, keep: [{ start: 1.3, end: 1.55 }] };
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body });
    expect(r.status).toBe(202);
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'render_id', 'status']);
    await cancelRender(clipId);
    const got = (await d.call('GET', `/v1/renders/${clipId}`, { auth })).body;
    expect(got).toMatchObject(body);
    const clip = (await d.app.store.clips.byId(clipId))!;
    expect(got.duration).toBeLessThan(clip.end - clip.start);
    // A changed aspect re-renders: a new generation, and without cut options no duration.
    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: { aspect: '16:9' } })).status).toBe(202);
    await cancelRender(clipId);
    expect((await d.app.renders.repo.get(clipId))!.generation).toBe(2);
    const again = (await d.call('GET', `/v1/renders/${clipId}`, { auth })).body;
    expect(again.aspect).toBe('16:9');
    expect(again).not.toHaveProperty('duration');
    expect(again).not.toHaveProperty('remove_fillers');
  });

  it.each([
    [{ aspect: '3:2' }, 'aspect'],
    [{ aspect: 916 }, 'aspect'],
    [{ remove_fillers: 'yes' }, 'remove_fillers'],
    [{ remove_silences: 1 }, 'remove_silences'],
    [{ keep: [{ start: 3, end: 2 }] }, 'keep.0.end'],
  ])('refuses %j with a 400 naming the field, before anything is charged', async (body, field) => {
    const team = await d.createTeam('aspect');
    const clipId = await insertClip(d, { teamId: team, script: SCRIPT });
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: `Key ${await d.apiKey(team)}`, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details.field).toBe(field);
    expect(r.body.error.message).toContain(field);
    expect(await d.app.renders.repo.get(clipId)).toBeUndefined();
    expect(await d.app.renders.minutes.used(team, d.clock.now())).toBe(0);
  });

  it('a draft takes them (PUT) and keeps the others when one changes; a bad value changes nothing', async () => {
    const team = await d.createTeam('aspect-posts');
    await connect(d, 'short_video', team);
    const clipId = await insertClip(d, { teamId: team, script: SCRIPT });
    await previewReady(d, clipId);
    const auth = `Key ${await d.apiKey(team)}`;
    const post = (await d.app.posts.repo.listByClip(clipId))[0];
    const ok = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { aspect: '4:5', remove_fillers: true } });
    expect(ok.status).toBe(200);
    expect(ok.body.post).toMatchObject({ aspect: '4:5', remove_fillers: true });
    const next = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { remove_silences: true, remove_fillers: false } });
    expect(next.body.post).toMatchObject({ aspect: '4:5', remove_fillers: false, remove_silences: true });
    const bad = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { caption: 'changed', aspect: 'square' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('aspect');
    expect(await d.app.posts.repo.byId(post.id)).toMatchObject({ caption: post.caption, aspect: '4:5', remove_silences: 1 });
  });

  it('GET /v1/clips/:clipId/cuts lists what would be cut, by kind, with the cut duration', async () => {
    const clipId = await insertClip(d, { script: SCRIPT });
    const auth = `Key ${await d.apiKey()}`;
    const all = await d.call('GET', `/v1/clips/${clipId}/cuts`, { auth });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ clip_id: clipId, language: 'en' });
    const fillers = all.body.removed.filter((r: { kind: string }) => r.kind === 'filler');
    expect(fillers.map((f: { text: string }) => f.text)).toEqual(['um', 'you know,']);
    expect(all.body.removed.some((r: { kind: string }) => r.kind === 'silence')).toBe(true);
    expect(all.body.cut_duration).toBeLessThan(all.body.duration);
    const only = await d.call('GET', `/v1/clips/${clipId}/cuts?remove_silences=false`, { auth });
    expect(only.body.removed.every((r: { kind: string }) => r.kind === 'filler')).toBe(true);
    const bad = await d.call('GET', `/v1/clips/${clipId}/cuts?remove_fillers=maybe`, { auth });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('remove_fillers');
    expect((await d.call('GET', '/v1/clips/clip_nope/cuts', { auth })).status).toBe(404);
  });
});
