import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../daemon/config.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../daemon/resources/webhooks/delivery-policy.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SHORT, connect, insertClip, previewReady } from '../publish/helpers.js';
import { TestReceiver } from '../webhooks/receiver.js';
import { LinkServer } from '../jobs/helpers/link-server.js';
import { fakeStages } from '../jobs/helpers/doubles.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { independentSignatureCheck, register } from '../webhooks/helpers.js';
import { SPEC_EVENT_FIELDS } from '../helpers/spec-events.js';

// Audit B: events from real state changes (not the sample trigger) reach a registration exactly
// as the spec's "Events" part states: method, headers, signature format, envelope, payload fields.

let d: TestDaemon;
let rx: TestReceiver;
let links: LinkServer;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  rx = await new TestReceiver().start();
  links = await new LinkServer().start();
});
afterAll(async () => {
  await links.stop();
  await rx.close();
  await d.stop();
});

const SPEC_DATA = SPEC_EVENT_FIELDS;
const TYPES: Record<string, string> = { duration_seconds: 'number', progress: 'number', scheduled_at: 'number' };

describe('delivery settings (spec "Delivery" rules 4 and 5, "Limits")', () => {
  it('waits 30 s for an answer and retries at most 5 times, 1, 2, 4, 8 and 16 s apart, by default', () => {
    const s = loadConfig({ dataDir: d.dataDir }).webhooks;
    expect(s.timeout_ms).toBe(30_000);
    expect(s.backoff_ms).toBe(1_000);
    expect(MAX_ATTEMPTS - 1).toBe(5);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, s.backoff_ms))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });
});

describe('events of real state changes, as delivered', () => {
  it('drafts, a schedule and a render start arrive as signed POSTs with the spec\'s envelope and fields', async () => {
    const team = await d.createTeam('audit-b-events');
    const jwt = `Bearer ${await d.token(team)}`;
    const hook = await register(d, jwt, { url: `${rx.url}/b-events`, events: ['*'] });
    await connect(d, 'short_video', team);
    await connect(d, 'long_video', team);
    const clipId = await insertClip(d, { teamId: team, script: SHORT });
    await previewReady(d, clipId);
    const auth = `Key ${await d.apiKey(team)}`;
    const posts = (await d.call('GET', `/v1/clips/${clipId}/posts`, { auth })).body.posts as Array<{ id: string; platform: string }>;
    const short = posts.find((p) => p.platform === 'short_video')!;
    const at = d.clock.now() + 3_600_000;
    expect((await d.call('POST', `/v1/posts/${short.id}/publish`, { auth, body: { scheduled_at: at } })).status).toBe(200);
    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth })).status).toBe(202);
    await d.app.tasks.repo.cancelPending('clip.render', clipId, d.clock.now()); // no ffmpeg here
    await d.processAll();

    const got = rx.on('/b-events');
    expect(got.map((r) => r.body.type)).toEqual(['post.draft.created', 'post.draft.created', 'post.scheduled', 'project.render.started']);
    for (const r of got) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toBe('application/json');
      const sig = String(r.headers['service-signature-256']);
      expect(sig).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/); // Unix seconds, lowercase hex
      expect(independentSignatureCheck(sig, hook.secret, r.raw)).toEqual({ t: Math.floor(d.clock.now() / 1000), valid: true });
      expect(r.headers['service-signature']).toBe(hook.secret);
      expect(Object.keys(r.body).sort()).toEqual(['created', 'data', 'id', 'type']);
      expect(r.body.id).toEqual(expect.any(String));
      expect(r.body.created).toBe(d.clock.now()); // Unix milliseconds
      expect(r.body.data.team_id).toBe(team);
    }
    expect(new Set(got.map((r) => r.body.id)).size).toBe(got.length);
    const data = got.map((r) => r.body.data);
    expect(data.slice(0, 2).sort((a, b) => a.platform.localeCompare(b.platform))).toEqual(
      posts.map((p) => ({ post_id: p.id, clip_id: clipId, platform: p.platform, team_id: team })).sort((a, b) => a.platform.localeCompare(b.platform)),
    );
    expect(data[2]).toEqual({ post_id: short.id, clip_id: clipId, platform: 'short_video', team_id: team, scheduled_at: at });
    // project_id is the render id, which is the clip id (spec: "use project_id as the id").
    expect(data[3]).toEqual({ project_id: clipId, team_id: team });
    expect((await d.call('GET', `/v1/renders/${data[3].project_id}`, { auth })).status).toBe(200);
  });
});

describe('every event a clip job and a render emit carries exactly the spec\'s data fields', () => {
  it('asset.* of a job that succeeds and of one that fails, project.render.* of a render that succeeds and of its re-trigger that fails', async () => {
    d.app.stages.current = fakeStages();
    const team = await d.createTeam('audit-b-all');
    const jwt = `Bearer ${await d.token(team)}`;
    await register(d, jwt, { url: `${rx.url}/b-all`, events: ['*'] });
    const auth = `Key ${await d.apiKey(team)}`;
    const dir = mkdtempSync(join(tmpdir(), 'clipper-b-events-'));
    writeFileSync(join(dir, 'talk.mp4'), 'FAKEVIDEO 120\n');
    const ok = await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/b-talk.mp4', join(dir, 'talk.mp4')) } } });
    const bad = await d.call('POST', '/v1/clips', { auth, body: { source: { url: `${links.url}/b-missing.mp4` } } });
    expect([ok.status, bad.status]).toEqual([202, 202]);
    await d.processAll();
    const job = await d.app.clipJobs.view(team, ok.body.job_id);
    expect(job.status).toBe('done');

    // Renders through the render service's own moves (ffmpeg is exercised in test/publish).
    const a = job.clips[0].id as string;
    const render = async () => {
      expect((await d.call('POST', `/v1/clips/${a}/renders`, { auth })).status).toBe(202);
      await d.app.tasks.repo.cancelPending('clip.render', a, d.clock.now());
      return (await d.app.renders.repo.get(a))!;
    };
    const row = await render();
    expect(await d.app.renders.start(row)).toBe(true);
    await d.app.renders.progress(row, 0.5);
    expect(await d.app.renders.succeed(row, `renders/${a}/1.mp4`)).toBe(true);
    await render(); // re-triggered, then it fails
    await d.app.renders.fail(a, 'the encoder stopped');
    await d.processAll();

    const got = rx.on('/b-all').map((r) => r.body);
    const types = new Set(got.map((e) => e.type));
    for (const t of ['asset.analysis.started', 'asset.creation.succeeded', 'asset.analysis.progress', 'asset.analysis.succeeded', 'asset.creation.failed', 'asset.analysis.failed', 'project.render.started', 'project.render.progress', 'project.render.succeeded', 'project.render.failed']) {
      expect(types, t).toContain(t);
    }
    for (const e of got) {
      expect(Object.keys(e.data).sort(), e.type).toEqual([...SPEC_DATA[e.type]].sort());
      for (const [k, v] of Object.entries(e.data)) expect(typeof v, `${e.type}.${k}`).toBe(TYPES[k] ?? 'string');
      if (e.type.startsWith('asset.')) expect([ok.body.job_id, bad.body.job_id]).toContain(e.data.job_id);
      if ('progress' in e.data) expect(e.data.progress >= 0 && e.data.progress <= 1).toBe(true);
      expect(e.data.team_id).toBe(team);
    }
    expect(got.find((e) => e.type === 'asset.analysis.failed').data.job_id).toBe(bad.body.job_id);
    expect(got.find((e) => e.type === 'project.render.succeeded').data.project_id).toBe(a);
    expect(got.find((e) => e.type === 'project.render.failed').data).toEqual({ project_id: a, team_id: team, error: 'the encoder stopped' });
  });
});
