// Issue 28, items 4 and 6 through the whole job: with the tiny Parakeet-shaped transducer
// installed (fixtures/make-parakeet-model.mjs, run by the real sherpa-onnx-node), a job is
// transcribed by it and says so; its words (noise) carry the transducer's own frame times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeParakeetModel } from '../pipeline/test-parakeet-model.js';
import { LinkServer } from './helpers/link-server.js';
import { sampleStart } from './helpers/sample-cut.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-parakeet-job-'));
let links: LinkServer;
let daemon: TestDaemon;

beforeAll(async () => {
  links = await new LinkServer().start();
  const dataDir = join(tmp, 'data');
  await installModel(makeParakeetModel(tmp), dataDir);
  // Face tracking off: this file is about the recogniser; framing a job's clips is proven in pipeline-real.
  daemon = await startTestDaemon({ dataDir, settings: { framing: { face_tracking: false } } });
}, 60_000);
afterAll(async () => {
  await daemon.stop();
  await links.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('a clip job with Parakeet installed', () => {
  it('is transcribed by it, with word times on the transducer\'s 80 ms frames', async () => {
    const auth = `Key ${await daemon.apiKey()}`;
    const jobId = (await daemon.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/sample.mp4', sampleStart()) } } })).body.job_id;
    await daemon.processAll();
    const job = (await daemon.call('GET', `/v1/clips/${jobId}`, { auth })).body;
    expect(job.status).toBe('done');
    expect(job.transcription).toEqual({ engine: 'sherpa-onnx', model: 'test-parakeet', diarization: { by: 'heuristic' } }); // issue 30: which diarization ran
    const words = (await daemon.call('GET', `/v1/clips/${job.clips[0].id}/transcript`, { auth })).body.words as { start: number }[];
    expect(words.length).toBeGreaterThan(0);
    const onGrid = words.filter((w) => Math.abs(w.start / 0.08 - Math.round(w.start / 0.08)) < 1e-3).length;
    expect(onGrid).toBeGreaterThan(0);
  }, 300_000);
});
