import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { request } from 'undici';
import { SHORT, insertClip, objectFile, probe, sourceVideo } from './helpers.js';

let d: TestDaemon;
beforeAll(async () => {
  // Face tracking off: rendering and captions is checked here; framing a render is proven in test/framing/follow.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
});
afterAll(() => d.stop());

async function team(minutes?: number) {
  const id = await d.createTeam('renders');
  if (minutes !== undefined) d.app.db.prepare('UPDATE teams SET render_minutes_allowance = ? WHERE id = ?').run(minutes, id);
  return { id, auth: `Key ${await d.apiKey(id)}` };
}
const outputFile = async (clipId: string) => objectFile(d, (await d.app.renders.repo.get(clipId))!.output_key!);
const eventsOf = async (teamId: string) => (await d.app.store.events.readAfter(0, 100_000, teamId)).filter((e) => e.type.startsWith('project.render.'));

/** RGB pixels of a band of one frame of a video, as [r,g,b] triples. */
function band(file: string, at: number, y: number, h: number): number[][] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', `crop=1080:${h}:0:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  const px: number[][] = [];
  for (let i = 0; i + 2 < raw.length; i += 3) px.push([raw[i], raw[i + 1], raw[i + 2]]);
  return px;
}
const yellow = (p: number[]) => p[0] > 200 && p[1] > 160 && p[2] < 90;
const white = (p: number[]) => p[0] > 220 && p[1] > 220 && p[2] > 220;

describe('full renders (spec "Render"; DESIGN.md render states)', () => {
  it('queues with 202, renders 1080x1920 H.264/AAC on the clip boundaries, with captions, and reports done', async () => {
    const t = await team();
    const clipId = await insertClip(d, { teamId: t.id, script: SHORT, source: sourceVideo(12, { plain: true }) });
    const clip = (await d.app.store.clips.byId(clipId))!;
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ render_id: clipId, status: 'queued', created_at: d.clock.now() });
    const queued = await d.call('GET', `/v1/renders/${clipId}`, { auth: t.auth });
    expect(queued.body).toEqual({ render_id: clipId, clip_id: clipId, status: 'queued', created_at: r.body.created_at, progress: 0 });

    await d.processAll();
    const done = (await d.call('GET', `/v1/renders/${clipId}`, { auth: t.auth })).body;
    expect(done).toMatchObject({ render_id: clipId, clip_id: clipId, status: 'done', progress: 1, output_url: expect.any(String) });
    expect(done).not.toHaveProperty('error');

    const file = await outputFile(clipId);
    // output_url: signed, one hour, served without credentials; a tampered or expired one is 403.
    const url = new URL(done.output_url);
    expect(Number(url.searchParams.get('expires'))).toBe(d.clock.now() + 3_600_000);
    const got = await request(done.output_url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('video/mp4');
    expect(Buffer.from(await got.body.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    const tampered = await request(done.output_url.replace(`/renders/${clipId}/`, '/renders/clip_other/'));
    expect(tampered.statusCode).toBe(403);
    await tampered.body.text();
    const info = probe(file);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1080, height: 1920 });
    expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs(Number(info.format.duration) - (clip.end - clip.start))).toBeLessThan(0.15);

    // "more" is spoken 0.30-0.55 s into the clip: its line is up, that word in yellow, the rest white.
    const captionBand = band(file, 0.4, 1250, 300);
    expect(captionBand.filter(yellow).length).toBeGreaterThan(500);
    expect(captionBand.filter(white).length).toBeGreaterThan(500);
    // Safe margins: nothing bright in the bottom 300 px, nor in the side margins of the band.
    expect(band(file, 0.4, 1620, 300).filter((p) => yellow(p) || white(p))).toHaveLength(0);
    const sides = captionBand.filter((_, i) => i % 1080 < 60 || i % 1080 >= 1020);
    expect(sides.filter((p) => yellow(p) || white(p))).toHaveLength(0);

    const events = await eventsOf(t.id);
    expect(events[0]).toMatchObject({ type: 'project.render.started', data: { project_id: clipId, team_id: t.id } });
    expect(events[events.length - 1]).toMatchObject({ type: 'project.render.succeeded', data: { project_id: clipId, team_id: t.id } });
    const progress = events.filter((e) => e.type === 'project.render.progress').map((e) => (e.data as { progress: number }).progress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThanOrEqual(100);
    // At most one event per whole percent: strictly increasing, whole percents only.
    progress.forEach((p, i) => {
      expect(Math.round(p * 100)).toBeCloseTo(p * 100, 6);
      if (i) expect(p).toBeGreaterThan(progress[i - 1]);
    });
  });

  it('adds silent AAC audio when the source has none', async () => {
    const t = await team();
    const clipId = await insertClip(d, { teamId: t.id, script: SHORT, source: sourceVideo(12, { audio: false }) });
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    await d.processAll();
    expect(probe(await outputFile(clipId)).streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it('re-triggering replaces the previous output, keeping one render per clip', async () => {
    const t = await team();
    const clipId = await insertClip(d, { teamId: t.id, script: SHORT });
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    await d.processAll();
    const first = await outputFile(clipId);
    d.clock.advance(1000);
    const again = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    expect(again.body).toEqual({ render_id: clipId, status: 'queued', created_at: d.clock.now() });
    const queued = (await d.call('GET', `/v1/renders/${clipId}`, { auth: t.auth })).body;
    expect(queued).toMatchObject({ status: 'queued', progress: 0, created_at: d.clock.now() });
    expect(queued).not.toHaveProperty('output_url');
    await d.processAll();
    expect(existsSync(first)).toBe(false);
    expect(existsSync(await outputFile(clipId))).toBe(true);
    expect(await outputFile(clipId)).not.toBe(first);
    expect((await d.call('GET', `/v1/renders/${clipId}`, { auth: t.auth })).body.status).toBe('done');
  });

  it('a re-trigger while processing abandons that render and renders the new one (refunding the old)', async () => {
    const t = await team();
    const clipId = await insertClip(d, { teamId: t.id, script: SHORT });
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    const running = d.processAll();
    while ((await d.app.renders.repo.get(clipId))!.status !== 'processing') await new Promise((r) => setTimeout(r, 10));
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    await running;
    await d.processAll();
    const row = (await d.app.renders.repo.get(clipId))!;
    expect(row).toMatchObject({ status: 'done', generation: 2 });
    expect(row.output_key).toBe(`renders/${clipId}/2.mp4`);
    expect(await d.app.renders.minutes.used(t.id, d.clock.now())).toBe(1);
    expect((await eventsOf(t.id)).filter((e) => e.type === 'project.render.succeeded')).toHaveLength(1);
  });

  it('fails with project.render.failed when the source is gone, and refunds the minutes', async () => {
    const t = await team();
    const clipId = await insertClip(d, { teamId: t.id, script: SHORT });
    const key = d.app.db.prepare('SELECT media_key FROM clip_jobs WHERE id = (SELECT job_id FROM clips WHERE id = ?)').pluck().get(clipId) as string;
    await d.app.objects.delete(key);
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth });
    expect(await d.app.renders.minutes.used(t.id, d.clock.now())).toBe(1);
    await d.processAll();
    const r = (await d.call('GET', `/v1/renders/${clipId}`, { auth: t.auth })).body;
    expect(r).toMatchObject({ status: 'failed', error: expect.stringMatching(/source video/) });
    expect(r).not.toHaveProperty('output_url');
    const failed = (await eventsOf(t.id)).filter((e) => e.type === 'project.render.failed');
    expect(failed.map((e) => e.data)).toEqual([{ project_id: clipId, team_id: t.id, error: r.error }]);
    expect(await d.app.renders.minutes.used(t.id, d.clock.now())).toBe(0);
  });

  it('answers 404 for another team\'s clip and render, and for unknown ids', async () => {
    const owner = await team();
    const clipId = await insertClip(d, { teamId: owner.id, script: SHORT });
    await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: owner.auth });
    const stranger = await team();
    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: stranger.auth })).status).toBe(404);
    expect((await d.call('GET', `/v1/renders/${clipId}`, { auth: stranger.auth })).status).toBe(404);
    expect((await d.call('POST', '/v1/clips/clip_unknown/renders', { auth: owner.auth })).body.error.code).toBe('NOT_FOUND');
    expect((await d.call('GET', '/v1/renders/clip_unknown', { auth: owner.auth })).status).toBe(404);
    expect(await eventsOf(stranger.id)).toHaveLength(0);
    expect(await d.app.renders.minutes.used(stranger.id, d.clock.now())).toBe(0);
    await d.app.tasks.repo.cancelPending('clip.render', clipId, d.clock.now());
  });
});

describe('render minutes (DESIGN.md: ceil(duration / 60) from the monthly allowance)', () => {
  it('charges ceil(duration/60), refuses with 409 and render_minutes_remaining when too few are left', async () => {
    const t = await team(3);
    const long = await insertClip(d, { teamId: t.id, script: SHORT, start: 0, end: 61 }); // 2 minutes
    const short = await insertClip(d, { teamId: t.id, script: SHORT });
    expect((await d.call('POST', `/v1/clips/${long}/renders`, { auth: t.auth })).status).toBe(202);
    expect(await d.app.renders.minutes.remaining(t.id, d.clock.now())).toBe(1);
    // Replacing a render that has not finished gives its minutes back first.
    expect((await d.call('POST', `/v1/clips/${long}/renders`, { auth: t.auth })).status).toBe(202);
    expect(await d.app.renders.minutes.remaining(t.id, d.clock.now())).toBe(1);
    expect((await d.call('POST', `/v1/clips/${short}/renders`, { auth: t.auth })).status).toBe(202);
    const replaced = await d.call('POST', `/v1/clips/${short}/renders`, { auth: t.auth });
    expect(replaced.status).toBe(202); // replacing the queued one: refunded, then charged again
    const third = await insertClip(d, { teamId: t.id, script: SHORT });
    const r = await d.call('POST', `/v1/clips/${third}/renders`, { auth: t.auth });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'CONFLICT', details: { render_minutes_remaining: 0 } });
    expect((await d.call('GET', `/v1/renders/${third}`, { auth: t.auth })).status).toBe(404);
    expect((await eventsOf(t.id)).filter((e) => (e.data as { project_id?: string }).project_id === third)).toHaveLength(0);
    for (const c of [long, short]) await d.app.tasks.repo.cancelPending('clip.render', c, d.clock.now());
  });

  it('starts afresh in the next calendar month (UTC)', async () => {
    const t = await team(1);
    const clipId = await insertClip(d, { teamId: t.id, script: SHORT });
    const saved = d.clock.now();
    d.clock.set(Date.UTC(2031, 0, 31, 23, 59, 0));
    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: t.auth })).status).toBe(202);
    const other = await insertClip(d, { teamId: t.id, script: SHORT });
    expect((await d.call('POST', `/v1/clips/${other}/renders`, { auth: t.auth })).body.error.details).toEqual({ render_minutes_remaining: 0 });
    d.clock.set(Date.UTC(2031, 1, 1, 0, 0, 1));
    expect((await d.call('POST', `/v1/clips/${other}/renders`, { auth: t.auth })).status).toBe(202);
    for (const c of [clipId, other]) await d.app.tasks.repo.cancelPending('clip.render', c, d.clock.now());
    d.clock.set(saved);
  });
});
