// Issue 28, item 2a: the finalists of the whole job ranked against each other in one call once
// the last section is suggested (sections are still suggested one by one, so previews of the
// first ones start early). The job's clips come in the ranking's order with scores falling down
// it; the ranking is stored with them, so a resumed job does not ask again; a ranking that
// failed keeps the judged order and the job's `ranking.note` says so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';
import { fakeStages } from './helpers/doubles.js';
import type { PipelineStages } from '../../daemon/pipeline/stages.js';
import type { RankCandidate } from '../../daemon/pipeline/llm/rank.js';

let d: TestDaemon;
let links: LinkServer;
let auth: string;
let calls: string[];
let asked: RankCandidate[][];
const dir = mkdtempSync(join(tmpdir(), 'clipper-rank-media-'));

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
  asked = [];
});

/** Fake stages whose sections say a model judged them, and whose job-wide ranking reverses the clips (or fails with `note`). */
function rankingStages(over: Partial<PipelineStages> = {}, note?: string): PipelineStages {
  const base = fakeStages(calls);
  return {
    ...base,
    transcriber: base.transcriber,
    suggest: async (input, opts) => ({ ...(await base.suggest(input, opts)), ranking: { by: 'llm', model: 'test-model' } }),
    rank: async ({ clips }) => {
      asked.push(clips);
      calls.push('rank');
      return { order: note ? clips.map((c) => c.id) : clips.map((c) => c.id).reverse(), ranking: { by: 'llm', model: 'test-model', ...(note ? { note } : {}) } };
    },
    ...over,
  };
}

async function create(name: string, seconds: number) {
  const file = join(dir, name);
  writeFileSync(file, `FAKEVIDEO ${seconds}\n`);
  const r = await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file(`/${name}`, file) }, criteria: 'anything' } });
  return r.body.job_id as string;
}

describe('the job-wide ranking', () => {
  it('asks once, after the last section, with every clip of the video, and the clips follow its order', async () => {
    d.app.stages.current = rankingStages();
    const jobId = await create('ranked.mp4', 400);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('done');
    const sections = calls.filter((c) => c.startsWith('suggest')).length;
    expect(sections).toBeGreaterThanOrEqual(4);
    expect(calls.filter((c) => c === 'rank')).toHaveLength(1);
    // After the last section, before the job is done; the first sections' previews did not wait for it.
    expect(calls.indexOf('rank')).toBeGreaterThan(calls.lastIndexOf(calls.filter((c) => c.startsWith('suggest')).at(-1)!));
    expect(calls.findIndex((c) => c.startsWith('preview'))).toBeLessThan(calls.indexOf('rank'));
    // The fake sections score later clips higher: best first was the last section's clip; the model reversed that.
    const listed = asked[0].map((c) => c.start);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
    expect(job.clips.map((c) => (c as { start: number }).start)).toEqual([...listed].reverse());
    for (let i = 1; i < job.clips.length; i++) expect(job.clips[i].score).toBeLessThan(job.clips[i - 1].score);
    expect(job.ranking).toEqual({ by: 'llm', model: 'test-model' });
  });

  it('is stored with the clips: a job resumed after a failed preview does not ask again', async () => {
    let rendered = 0;
    const stages = rankingStages();
    d.app.stages.current = rankingStages({
      renderPreview: async (input, out, signal) => {
        if (++rendered === 3) throw new Error('disk full');
        return stages.renderPreview(input, out, signal);
      },
    });
    const jobId = await create('resumed.mp4', 400);
    await d.processAll();
    expect((await d.app.clipJobs.view(d.rootTeamId, jobId)).status).toBe('processing');
    d.clock.advance(5_000);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('done');
    expect(calls.filter((c) => c === 'rank')).toHaveLength(1);
    for (let i = 1; i < job.clips.length; i++) expect(job.clips[i].score).toBeLessThan(job.clips[i - 1].score);
  });

  it('that failed keeps the order of the judged scores, and the job says why', async () => {
    d.app.stages.current = rankingStages({}, 'the language model did not answer within 5 s; the clips kept the order of their judged scores');
    const jobId = await create('unranked.mp4', 400);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, jobId);
    expect(job.status).toBe('done');
    const starts = job.clips.map((c) => (c as { start: number }).start);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(job.ranking).toEqual({ by: 'llm', model: 'test-model', note: 'the language model did not answer within 5 s; the clips kept the order of their judged scores' });
  });
});
