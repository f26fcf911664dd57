// Issue 28, items 3 and 6 through the whole job: with a sentence encoder installed in the data
// folder (a tiny random-weight one our script writes, run by the real onnxruntime-node) and no
// language model, a job with a request matches it to passages with the encoder, and says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEncoder } from '../../daemon/pipeline/embed/embedder.js';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeEmbeddingModel } from '../pipeline/test-embed-model.js';
import { LinkServer } from './helpers/link-server.js';
import { sampleStart } from './helpers/sample-cut.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-embed-job-'));
let links: LinkServer;
let daemon: TestDaemon;

beforeAll(async () => {
  links = await new LinkServer().start();
  const dataDir = join(tmp, 'data');
  await installModel(makeEmbeddingModel(tmp), dataDir);
  // Face tracking off: this file is about the encoder; framing a job's clips is proven in pipeline-real.
  daemon = await startTestDaemon({ dataDir, settings: { framing: { face_tracking: false } } });
}, 60_000);
afterAll(async () => {
  await daemon.stop();
  await links.stop();
  closeEncoder();
  rmSync(tmp, { recursive: true, force: true });
});

async function runJob(criteria: string): Promise<any> {
  const auth = `Key ${await daemon.apiKey()}`;
  const jobId = (await daemon.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/sample.mp4', sampleStart()) }, criteria } })).body.job_id;
  await daemon.processAll();
  return (await daemon.call('GET', `/v1/clips/${jobId}`, { auth })).body;
}

describe('a clip job with a sentence-embedding model installed', () => {
  it('matches the request with the encoder and says which one', async () => {
    const job = await runJob('the office dog');
    expect(job.status).toBe('done');
    expect(job.ranking).toEqual({ by: 'heuristics', embedding: 'test-embed' });
    expect(job.clips.length).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
