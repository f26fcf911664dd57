// A job that uses two kinds of model (the sentence encoder and both diarization models, tiny
// random-weight ones run by the real onnxruntime-node and sherpa-onnx) runs them in one model host
// process, one Node runtime for every engine, not one each; the face detector runs on a thread of
// the daemon, never in the host.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeModelHosts, modelHostsStarted, setModelHostIdle } from '../../daemon/pipeline/model-host.js';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeDiarizationModels } from '../pipeline/test-diarization-models.js';
import { makeEmbeddingModel } from '../pipeline/test-embed-model.js';
import { LinkServer } from './helpers/link-server.js';
import { sampleStart } from './helpers/sample-cut.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-model-host-job-'));
let links: LinkServer;
let d: TestDaemon;

beforeAll(async () => {
  links = await new LinkServer().start();
  const dataDir = join(tmp, 'data');
  await installModel(makeEmbeddingModel(tmp), dataDir);
  const diarization = makeDiarizationModels(join(tmp, 'made'));
  await installModel(diarization.segmentation, dataDir);
  await installModel(diarization.embedding, dataDir);
  // One heavy slot: the job's engines take turns in one host (with more, requests that overlap get a host each).
  d = await startTestDaemon({ dataDir, settings: { pipeline: { heavy_concurrency: 1 } } });
  // A loaded machine may leave a host idle for a minute between two stages: it would end, and a second start.
  setModelHostIdle(3_600_000);
}, 120_000);
afterAll(async () => {
  await d?.stop();
  await links?.stop();
  closeModelHosts();
  rmSync(tmp, { recursive: true, force: true });
});

describe('a clip job with an encoder and diarization models installed', () => {
  it('runs both in one shared model host process, and the face detector on a thread of the daemon, not in the host', async () => {
    const before = modelHostsStarted().length;
    const auth = `Key ${await d.apiKey()}`;
    const body = { source: { url: links.file('/sample.mp4', sampleStart()) }, criteria: 'the office dog' };
    const jobId = (await d.call('POST', '/v1/clips', { auth, body })).body.job_id;
    await d.processAll();
    const job = (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
    expect(job.status).toBe('done');
    expect(job.ranking).toMatchObject({ embedding: 'test-embed' });
    expect(job.transcription.diarization).toMatchObject({ by: 'model' });
    const hosts = modelHostsStarted().slice(before);
    expect(hosts).toHaveLength(1);
    expect([...hosts[0].engines.keys()].sort()).toEqual(['diarizer', 'encoder']);
  }, 600_000);
});
