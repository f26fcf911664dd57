import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';
import { fakeStages } from './helpers/doubles.js';
import type { PipelineStages } from '../../daemon/pipeline/stages.js';

let d: TestDaemon;
let links: LinkServer;
let auth: string;
let calls: string[];
const dir = mkdtempSync(join(tmpdir(), 'clipper-fake-media-'));

beforeAll(async () => {
  d = await startTestDaemon({ settings: { pipeline: { chunk_seconds: 50, section_seconds: 100 } } });
  links = await new LinkServer().start();
  auth = `Key ${await d.apiKey()}`;
});
afterAll(async () => {
  await links.stop();
  await d.stop();
});
beforeEach(() => {
  calls = [];
  useStages(fakeStages(calls));
  d.clock.set(Math.ceil(d.clock.now() / 3_600_000) * 3_600_000);
});

function useStages(stages: PipelineStages) {
  d.app.stages.current = stages;
}

function video(name: string, seconds: number): string {
  const file = join(dir, name);
  writeFileSync(file, `FAKEVIDEO ${seconds}\n`);
  return links.file(`/${name}`, file);
}

async function create(url: string) {
  const r = await d.call('POST', '/v1/clips', { auth, body: { source: { url } } });
  expect(r.status).toBe(202);
  return r.body.job_id as string;
}

const eventsOf = async (jobId: string) => (await d.app.store.events.readAfter(0, 10_000)).filter((e) => (e.data as any).job_id === jobId);

describe('clip job state machine', () => {
  it('goes queued -> processing -> done, suggesting section by section, with events in order', async () => {
    const jobId = await create(video('long.mp4', 400));
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('done');
    expect(job.folder_name).toBe('long.mp4');
    // Sections of whole chunks that cover the source in order: a half-length first one, then ~100 s.
    const spans = calls.filter((c) => c.startsWith('suggest')).map((c) => c.slice(8).split('-').map(Number));
    const plan = (await d.app.clipJobs.repo.stageResults(jobId)).get('plan') as { chunks: unknown[]; sections: unknown[] };
    expect(plan.chunks).toHaveLength(9); // 8 of 50 s, the first cut in two (one piece per core)
    expect(spans.length).toBe(plan.sections.length);
    expect(spans.length).toBeGreaterThanOrEqual(4);
    expect(spans[0][0]).toBe(0);
    expect(spans.at(-1)![1]).toBe(400);
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBe(spans[i - 1][1]);
    expect(spans[0][1]).toBeCloseTo(50, 0);
    for (const [a, b] of spans.slice(1, -1)) expect(b - a).toBeCloseTo(100, 0);
    expect(job.clips).toHaveLength(spans.length);
    expect(job.clips.map((c) => c.score)).toEqual([...job.clips.map((c) => c.score)].sort((a, b) => b - a));
    for (const c of job.clips) expect(c.preview_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/objects\/previews\/.*signature=/);
    const types = (await eventsOf(jobId)).map((e) => e.type);
    expect(types.filter((t) => t !== 'asset.analysis.progress')).toEqual(['asset.analysis.started', 'asset.creation.succeeded', 'asset.analysis.succeeded']);
    expect(types[0]).toBe('asset.analysis.started');
    expect(types.at(-1)).toBe('asset.analysis.succeeded');
    const progress = (await eventsOf(jobId)).filter((e) => e.type === 'asset.analysis.progress').map((e) => (e.data as any).progress);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(Math.round(progress[i] * 100)).toBeGreaterThan(Math.round(progress[i - 1] * 100));
    expect((await eventsOf(jobId)).find((e) => e.type === 'asset.creation.succeeded')!.data).toMatchObject({ duration_seconds: 400, job_id: jobId, team_id: d.rootTeamId });
  });

  it('ends in error with asset.creation.failed when the link answers 404', async () => {
    const jobId = await create(`${links.url}/nothing-here.mp4`);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job).toMatchObject({ status: 'error', clips: [] });
    expect(job.error).toMatch(/Could not download .*nothing-here\.mp4: the server answered 404/);
    expect((await eventsOf(jobId)).map((e) => e.type)).toEqual(['asset.analysis.started', 'asset.creation.failed', 'asset.analysis.failed']);
  });

  it('ends in error at once when the download is not a video (probe fails)', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'just text');
    const jobId = await create(links.file('/notes.mp4', join(dir, 'notes.txt')));
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/not a video that can be read/);
    expect((await eventsOf(jobId)).map((e) => e.type).filter((t) => t !== 'asset.analysis.progress')).toEqual(['asset.analysis.started', 'asset.creation.failed', 'asset.analysis.failed']);
  });

  it('retries a failing stage a bounded number of times, keeping what was done, then fails', async () => {
    const base = fakeStages(calls);
    useStages({ ...base, transcriber: base.transcriber, analyse: async () => Promise.reject(new Error('ffmpeg exited with code 1')) });
    const jobId = await create(video('retry.mp4', 40));
    await d.processAll();
    expect((await d.app.clipJobs.view(d.rootTeamId, jobId)).status).toBe('processing');
    d.clock.advance(5_000);
    await d.processAll();
    d.clock.advance(30_000);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('error');
    expect(job.error).toBe('Analysis failed: ffmpeg exited with code 1');
    expect(calls.filter((c) => c === 'probe')).toHaveLength(1); // stored once, not probed again
    expect((await eventsOf(jobId)).map((e) => e.type).filter((t) => t !== 'asset.analysis.progress')).toEqual(['asset.analysis.started', 'asset.creation.succeeded', 'asset.analysis.failed']);
  });

  it('resumes after a failed preview without suggesting or inserting clips twice', async () => {
    const base = fakeStages(calls);
    let rendered = 0;
    useStages({
      ...base,
      transcriber: base.transcriber,
      renderPreview: async (input, out, signal) => {
        if (++rendered === 2) throw new Error('disk full');
        return base.renderPreview(input, out, signal);
      },
    });
    const jobId = await create(video('resume.mp4', 400));
    await d.processAll();
    const midway = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(midway.status).toBe('processing');
    d.clock.advance(5_000);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('done');
    const sections = ((await d.app.clipJobs.repo.stageResults(jobId)).get('plan') as { sections: unknown[] }).sections.length;
    expect(job.clips).toHaveLength(sections);
    expect(new Set(job.clips.map((c) => c.start)).size).toBe(sections);
    // The second attempt did only what was missing: every stage ran once over both attempts.
    const counts = (prefix: string) => calls.filter((c) => c.startsWith(prefix)).length;
    expect({ probe: counts('probe'), audio: counts('audio'), analyse: counts('analyse'), suggest: counts('suggest') }).toEqual({ probe: 1, audio: 1, analyse: 1, suggest: sections });
    expect(rendered).toBe(sections + 1); // every clip once, one of them twice
  });

  it('gives the core of the chunk that completes a section to that section\'s preview, before the next chunk', async () => {
    const single = await startTestDaemon({ settings: { pipeline: { chunk_seconds: 50, section_seconds: 100, heavy_concurrency: 1 } } });
    try {
      const seen: string[] = [];
      single.app.stages.current = fakeStages(seen);
      const r = await single.call('POST', '/v1/clips', { auth: `Key ${await single.apiKey()}`, body: { source: { url: video('one-core.mp4', 400) } } });
      await single.processAll();
      expect((await single.app.clipJobs.view(single.rootTeamId, r.body.job_id)).status).toBe('done');
      // On one core: every suggestion is followed by its preview, never by another transcription.
      const order = seen.filter((c) => /^(transcribe|suggest|preview)/.test(c)).map((c) => c.split(' ')[0]);
      order.forEach((c, i) => c === 'suggest' && expect(order[i + 1]).toBe('preview'));
      expect(order.filter((c) => c === 'suggest').length).toBeGreaterThanOrEqual(4);
    } finally {
      await single.stop();
    }
  });
});
