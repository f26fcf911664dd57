// Issue 28, items 1, 2 and 6 through the whole job: a GGUF model in DATA_DIR/models and no `llm`
// setting at all, and the job's clips are judged, ranked and titled by it (here a random-weight
// llama model, run by the real node-llama-cpp in its own process): the job says so (`ranking`),
// each clip carries the model's sub-scores (`scores`) and reason, titles are 4 to 10 words. With
// a timeout the job falls back to the heuristics and says why.
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeTinyGguf } from '../pipeline/tiny-gguf.js';
import { LinkServer } from './helpers/link-server.js';
import { sampleStart } from './helpers/sample-cut.js';

let links: LinkServer;
let embedded: TestDaemon;
let slow: TestDaemon;
// Face tracking off: this file is about the language model; framing a job's clips is proven in pipeline-real.
const NO_FRAMING = { framing: { face_tracking: false } };

function dataDirWithModel(model: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-test-'));
  mkdirSync(join(dir, 'models'), { recursive: true });
  copyFileSync(model, join(dir, 'models', 'tiny-llama.gguf'));
  return dir;
}

async function runJob(d: TestDaemon): Promise<any> {
  const auth = `Key ${await d.apiKey()}`;
  const jobId = (await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/sample.mp4', sampleStart()) }, criteria: 'the office dog' } })).body.job_id;
  await d.processAll();
  return (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
}

beforeAll(async () => {
  links = await new LinkServer().start();
  const model = makeTinyGguf(join(mkdtempSync(join(tmpdir(), 'clipper-gguf-')), 'tiny-llama.gguf'));
  // One thread: llama.cpp's threads spin, and on this shared machine a second one slows it a hundredfold.
  embedded = await startTestDaemon({ dataDir: dataDirWithModel(model), settings: { llm: { threads: 1 }, ...NO_FRAMING } });
  slow = await startTestDaemon({ dataDir: dataDirWithModel(model), settings: { llm: { engine: 'embedded', embedded_timeout_ms: 1 }, ...NO_FRAMING } });
}, 60_000);
afterAll(async () => {
  await embedded.stop();
  await slow.stop();
  await links.stop();
});

describe('a clip job with an installed GGUF model and no llm setting', () => {
  it('is judged, ranked and titled by the embedded model, and each clip carries its sub-scores and reason', async () => {
    const job = await runJob(embedded);
    expect(job.status).toBe('done');
    expect(job.ranking).toMatchObject({ by: 'llm', model: 'tiny-llama.gguf' });
    expect(job.clips.length).toBeGreaterThanOrEqual(1);
    for (const c of job.clips) {
      expect(c.reason).toMatch(/^Language model: /);
      expect(c.scores).toEqual({ hook: expect.any(Number), payoff: expect.any(Number), self_contained: expect.any(Number), relevance: expect.any(Number) });
      const words = c.title.split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(4);
      expect(words).toBeLessThanOrEqual(10);
    }
  }, 900_000);

  it('falls back to the heuristics when the model does not answer in time, and says so', async () => {
    const job = await runJob(slow);
    expect(job.status).toBe('done');
    expect(job.ranking).toEqual({ by: 'heuristics', note: 'the embedded language model tiny-llama.gguf did not answer within 0.001 s; clips were chosen by the heuristics' });
    for (const c of job.clips) {
      expect(c.reason).not.toMatch(/^Language model/);
      // The heuristics give sub-scores of their own since issue 30 (item 2): hook, payoff,
      // self_contained, each 0..1, in the same field the model fills.
      if (c.scores) expect(Object.keys(c.scores).sort()).toEqual(expect.arrayContaining(['hook', 'payoff', 'self_contained']));
    }
  }, 900_000);
});
