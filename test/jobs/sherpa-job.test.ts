import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipperClient } from '../../src/client/client.js';
import { uploadFile } from '../../src/client/uploader.js';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import type { JobPlan } from '../../daemon/resources/clip-jobs/plan.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeTestModel } from '../pipeline/test-model.js';

// Issue 14, item 5: a real job end to end through the real sherpa-onnx package with the
// random-weight test model installed the way `clipper models add FOLDER` installs it. The words
// are noise; the job's structure, its word times across chunk seams, its progress, the engine
// and model it names, and a language the model cannot do are what is checked.
const SAMPLE = join(process.cwd(), 'fixtures', 'sample.mp4');
const work = mkdtempSync(join(tmpdir(), 'clipper-sherpa-job-'));
let d: TestDaemon;
let auth: string;
let english: string;
let german: string;

beforeAll(async () => {
  const dataDir = join(work, 'data');
  await installModel(makeTestModel(work, 'test-tiny.en'), dataDir);
  // Face tracking off: this file is about the recogniser; framing a job's clips is proven in pipeline-real.
  d = await startTestDaemon({ dataDir, settings: { framing: { face_tracking: false } } });
  auth = `Key ${await d.apiKey()}`;
  const client = new ClipperClient({ baseUrl: d.url, apiKey: await d.apiKey() });
  const a = await uploadFile(client, SAMPLE, { fileName: 'talk.mp4' });
  const b = await uploadFile(client, SAMPLE, { fileName: 'vortrag.mp4' });
  english = (await d.call('POST', '/v1/clips', { auth, body: { source: { upload_id: a.upload_id } } })).body.job_id;
  german = (await d.call('POST', '/v1/clips', { auth, body: { source: { upload_id: b.upload_id }, language: 'de' } })).body.job_id;
  await d.processAll();
}, 300_000);
afterAll(async () => {
  await d?.stop();
  rmSync(work, { recursive: true, force: true });
});

const job = (id: string) => d.call('GET', `/v1/clips/${id}`, { auth }).then((r) => r.body);

describe('a clip job transcribed by sherpa-onnx', () => {
  it('is the default engine once a model is installed, and the job says so', async () => {
    expect(d.app.stages.current.transcriber).toMatchObject({ name: 'sherpa-onnx', modelName: 'test-tiny.en' });
    const j = await job(english);
    expect(j).toMatchObject({ status: 'done', progress: 1, transcription: { engine: 'sherpa-onnx', model: 'test-tiny.en' } });
    expect(j.clips.length).toBeGreaterThan(0);
    for (const c of j.clips) expect(c.preview_url).toBeTruthy();
  });

  it('cut the 83 s of audio into chunks of at most 26 s at quiet points, and kept each word once', async () => {
    const stages = await d.app.store.clipJobs.stageResults(english);
    const plan = stages.get('plan') as JobPlan;
    expect(plan.chunks.length).toBeGreaterThanOrEqual(4);
    for (const c of plan.chunks) expect(c.end - c.start).toBeLessThanOrEqual(26.01);
    const words = plan.chunks.flatMap((c, i) => {
      const t = stages.get(`transcribe:${i}`) as Transcript;
      expect(t).toMatchObject({ engine: 'sherpa-onnx', model: 'test-tiny.en' });
      const own = t.segments.flatMap((s) => s.words);
      // Each chunk holds the words centred in its own span (the overlap is heard, not kept).
      for (const w of own) {
        expect((w.start + w.end) / 2).toBeGreaterThanOrEqual(c.start);
        expect((w.start + w.end) / 2).toBeLessThanOrEqual(c.end);
      }
      return own;
    });
    expect(words.length).toBeGreaterThan(50);
    for (let i = 1; i < words.length; i++) expect(words[i].start).toBeGreaterThanOrEqual(words[i - 1].start);
    // The clips' own words come from that transcript, in order, inside the clip.
    const clip = (await d.app.store.clips.byId((await job(english)).clips[0].id))!;
    expect(clip.transcript.length).toBeGreaterThan(0);
  });

  it('fails a job in a language the model cannot do, saying so', async () => {
    const j = await job(german);
    expect(j.status).toBe('error');
    expect(j.error).toMatch(/Transcription failed: The speech model test-tiny\.en cannot transcribe language "de": it knows English only/);
    expect(j.error).not.toContain(work);
    const { diarization, ...engine } = j.transcription!;
    expect(engine).toEqual({ engine: 'sherpa-onnx', model: 'test-tiny.en' });
    // The analysis (where diarization runs) goes beside transcription: whether it ended before
    // the failure varies; when it did, it names the heuristic (no diarization models here).
    if (diarization) expect(diarization).toEqual({ by: 'heuristic' });
  });
});
