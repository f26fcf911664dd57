import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipperClient } from '../../src/client/client.js';
import { uploadFile } from '../../src/client/uploader.js';
import { mediaTool } from '../../daemon/pipeline/ffmpeg/index.js';
import type { PipelineStages } from '../../daemon/pipeline/stages.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { run as addModel } from '../../src/cli/models/add.js';
import { run as removeModel } from '../../src/cli/models/remove.js';
import { testContext } from '../helpers/cli-io.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeTestModel } from '../pipeline/test-model.js';

// Issue 27, item 10: models take effect in a running daemon. `clipper models add DIR/` and
// `models remove` against a daemon that keeps running; the next job uses (or drops) the model,
// GET /v1/transcription says so, and a job resumed after a change keeps the engine its chunks
// were planned for, or says that it changed when that engine is gone. Real pocketsphinx and the
// real sherpa-onnx package with the random-weight test model (its words are noise).
const work = mkdtempSync(join(tmpdir(), 'clipper-models-live-'));
const dataDir = join(work, 'data');
const video = join(work, 'talk.mp4');
const model = makeTestModel(work, 'live-tiny.en');
let d: TestDaemon;
let auth: string;
let client: ClipperClient;

beforeAll(async () => {
  // 30 s of the sample: a few chunks, quick on both engines.
  execFileSync((await mediaTool('ffmpeg')).path, ['-v', 'error', '-i', join(process.cwd(), 'fixtures', 'sample.mp4'), '-t', '30', '-c', 'copy', video]);
  // Face tracking off: this file is about the recogniser; framing a job's clips is proven in pipeline-real.
  d = await startTestDaemon({ dataDir, settings: { pipeline: { chunk_seconds: 20, section_seconds: 60 }, framing: { face_tracking: false } } });
  const key = await d.apiKey();
  auth = `Key ${key}`;
  client = new ClipperClient({ baseUrl: d.url, apiKey: key });
}, 120_000);
afterAll(async () => {
  await d?.stop();
  rmSync(work, { recursive: true, force: true });
});

const cli = () => testContext({ env: { CLIPPER_DATA_DIR: dataDir, PATH: process.env.PATH } }).ctx;
const engineNow = async () => (await d.call('GET', '/v1/transcription', { auth })).body as { engine: string; model?: string; reason: string };
const job = (id: string) => d.call('GET', `/v1/clips/${id}`, { auth }).then((r) => r.body);
async function create(): Promise<string> {
  const up = await uploadFile(client, video, { fileName: 'talk.mp4' });
  return (await d.call('POST', '/v1/clips', { auth, body: { source: { upload_id: up.upload_id } } })).body.job_id as string;
}
async function chunkEngines(jobId: string): Promise<string[]> {
  const stages = await d.app.store.clipJobs.stageResults(jobId);
  return [...stages].filter(([k]) => k.startsWith('transcribe:')).map(([, v]) => `${(v as Transcript).engine}/${(v as Transcript).model ?? ''}`);
}
/** The job's stages, with an analysis that fails on its first call (the attempt ends; the retry resumes). */
function failAnalysisOnce(): void {
  const real = d.app.stages.current;
  let failed = false;
  const stages: PipelineStages = Object.assign(Object.create(real) as PipelineStages, {
    analyse: async (...args: Parameters<PipelineStages['analyse']>) => {
      if (failed) return real.analyse(...args);
      failed = true;
      throw new Error('a passing failure');
    },
  });
  d.app.stages.current = stages;
}

describe('models added and removed while the daemon runs (issue 27, item 10)', () => {
  it('the next job after `models add DIR/` transcribes with it, and each chunk records it', async () => {
    expect(await engineNow()).toMatchObject({ engine: 'pocketsphinx' });
    await addModel({ source: `${model}/`, dataDir }, cli());
    expect(await engineNow()).toMatchObject({ engine: 'sherpa-onnx', model: 'live-tiny.en', reason: expect.stringContaining('live-tiny.en') });
    const id = await create();
    await d.processAll();
    const j = await job(id);
    expect(j).toMatchObject({ status: 'done', transcription: { engine: 'sherpa-onnx', model: 'live-tiny.en' } });
    const chunks = await chunkEngines(id);
    expect(chunks.length).toBeGreaterThan(1);
    expect(new Set(chunks)).toEqual(new Set(['sherpa-onnx/live-tiny.en']));
  }, 300_000);

  it('after `models remove` the next job stops naming it and does not fail on it', async () => {
    await removeModel({ name: 'live-tiny.en', dataDir }, cli());
    expect(await engineNow()).toMatchObject({ engine: 'pocketsphinx' });
    expect((await engineNow()).model).toBeUndefined();
    const id = await create();
    await d.processAll();
    const j = await job(id);
    expect(j).toMatchObject({ status: 'done', transcription: { engine: 'pocketsphinx' } });
    expect(j.transcription.model).toBeUndefined();
    expect(new Set(await chunkEngines(id))).toEqual(new Set(['pocketsphinx/']));
  }, 300_000);

  it('a job planned for pocketsphinx keeps it when resumed after a model was added', async () => {
    const real = d.app.stages.current;
    failAnalysisOnce();
    const id = await create();
    await d.processAll();
    expect((await job(id)).status).toBe('processing'); // the first attempt failed; its plan is stored
    await addModel({ source: `${model}/`, dataDir }, cli());
    expect(await engineNow()).toMatchObject({ engine: 'sherpa-onnx' });
    d.clock.advance(5_000);
    await d.processAll();
    d.app.stages.current = real;
    const j = await job(id);
    expect(j).toMatchObject({ status: 'done', transcription: { engine: 'pocketsphinx' } });
    expect(j.warnings).toBeUndefined();
    expect(new Set(await chunkEngines(id))).toEqual(new Set(['pocketsphinx/']));
  }, 300_000);

  it('a job whose model was removed before it resumed goes on with the current engine, and says so', async () => {
    const real = d.app.stages.current;
    expect(await engineNow()).toMatchObject({ engine: 'sherpa-onnx' });
    failAnalysisOnce();
    const id = await create();
    await d.processAll();
    expect((await job(id)).status).toBe('processing');
    await removeModel({ name: 'live-tiny.en', dataDir }, cli());
    d.clock.advance(5_000);
    await d.processAll();
    d.app.stages.current = real;
    const j = await job(id);
    expect(j.status).toBe('done');
    expect(j.transcription.engine).toBe('pocketsphinx');
    expect(j.warnings).toEqual([{ code: 'speech_engine_changed', message: expect.stringMatching(/started transcribing with sherpa-onnx with the model live-tiny\.en, which cannot run any more .* with pocketsphinx/) }]);
    // What ran each chunk is recorded as it was: sherpa-onnx for the chunks of the first attempt, if any.
    const chunks = await chunkEngines(id);
    for (const c of chunks) expect(['sherpa-onnx/live-tiny.en', 'pocketsphinx/']).toContain(c);
    const bySherpa = chunks.filter((c) => c.startsWith('sherpa')).length;
    if (bySherpa) expect(j.transcription.engines).toEqual([{ engine: 'sherpa-onnx', model: 'live-tiny.en' }, { engine: 'pocketsphinx' }]);
    else expect(j.transcription.engines).toBeUndefined();
  }, 300_000);
});
