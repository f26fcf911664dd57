// The first job with a request and no sentence encoder fetches the recommended one from the model
// hub (a loopback server serving the tiny encoder our script writes, with its SHA-256), keeps
// its progress as the job's `encoder` stage, says so in a warning and matches the request with
// it; with models.auto_fetch_encoder off the hub is never asked and the warning says what would
// improve the match.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEncoder } from '../../daemon/pipeline/embed/embedder.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startEncoderHub, type EncoderHub } from '../pipeline/encoder-hub.js';
import { LinkServer } from './helpers/link-server.js';
import { sampleStart } from './helpers/sample-cut.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-encoder-job-'));
let links: LinkServer;
let hub: EncoderHub;
// Face tracking off: this file is about the encoder; framing a job's clips is proven in pipeline-real.
const NO_FRAMING = { framing: { face_tracking: false } };

beforeAll(async () => {
  links = await new LinkServer().start();
  hub = await startEncoderHub(tmp);
  process.env.CLIPPER_MODEL_HUB = hub.url;
  process.env.CLIPPER_MODEL_CATALOGUE = hub.catalogue();
}, 60_000);
afterAll(async () => {
  await links.stop();
  await hub.stop();
  closeEncoder();
  rmSync(tmp, { recursive: true, force: true });
});

async function runJob(d: TestDaemon, criteria: string): Promise<{ job: any; stages: Map<string, unknown> }> {
  const auth = `Key ${await d.apiKey()}`;
  const jobId = (await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/sample.mp4', sampleStart()) }, criteria } })).body.job_id;
  await d.processAll();
  return { job: (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body, stages: await d.app.clipJobs.repo.stageResults(jobId) };
}

describe('a job with a request and no sentence encoder', () => {
  it('with the setting off, never asks the hub and says what would improve the match', async () => {
    const d = await startTestDaemon({ dataDir: join(tmp, 'off'), settings: { models: { auto_fetch_encoder: false }, ...NO_FRAMING } });
    try {
      const { job } = await runJob(d, 'the office dog');
      expect(job.status).toBe('done');
      expect(job.warnings).toEqual([{ code: 'no_sentence_encoder', message: expect.stringMatching(/auto_fetch_encoder is off.*`clipper models add tiny-encoder`/) }]);
      expect(job.ranking).toBeUndefined();
      expect(hub.requests).toEqual([]);
    } finally {
      await d.stop();
    }
  }, 900_000);

  it('fetches the recommended encoder once, with progress, says so, and matches the request with it', async () => {
    const d = await startTestDaemon({ dataDir: join(tmp, 'on'), settings: NO_FRAMING });
    try {
      const { job, stages } = await runJob(d, 'the office dog');
      expect(job.status).toBe('done');
      const total = hub.total;
      expect(stages.get('encoder')).toEqual({ model: 'tiny-encoder', received: total, total, done: true });
      expect(job.warnings).toEqual([{ code: 'encoder_fetched', message: expect.stringMatching(/tiny-encoder .* fetched once/) }]);
      expect(job.ranking).toEqual({ by: 'heuristics', embedding: 'tiny-encoder' });
      expect(hub.requests.filter((r) => r.includes('/resolve/'))).toHaveLength(2);
    } finally {
      await d.stop();
    }
  }, 900_000);
});
