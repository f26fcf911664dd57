// Who speaks, through the whole job: a two-voice video (the sample's first 42 s, from its
// story on lowered in pitch) with the random-weight segmentation and speaker-embedding models
// installed in the data folder. The words' `speaker` in GET /v1/clips/:clipId/transcript comes from
// sherpa-onnx's diarization (run in its child process) and the job says so; with a model
// missing, a crashed child or one that runs past its time, the pitch-and-pauses heuristic
// labels them and the job says why. Random weights: the shape is checked, not who is who.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStages } from '../../daemon/pipeline/real-stages.js';
import { speakerOf, type SpeakerTurn } from '../../daemon/pipeline/speakers/diarize.js';
import { installModel, removeModel } from '../../daemon/pipeline/transcribe/model-install.js';
import type { Analysis } from '../../daemon/pipeline/types.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { makeDiarizationModels } from '../pipeline/test-diarization-models.js';
import { LinkServer } from './helpers/link-server.js';

const SAMPLE = join(process.cwd(), 'fixtures', 'sample.mp4');
const tmp = mkdtempSync(join(tmpdir(), 'clipper-diarize-job-'));
const video = join(tmp, 'two-voices.mp4');
const models = makeDiarizationModels(join(tmp, 'made'));
let links: LinkServer;
let d: TestDaemon;
let auth: string;

beforeAll(async () => {
  // The second voice: the story (28 s on, in the pause before it), a fifth lower (resampled,
  // tempo restored). 42 s, not the whole sample: a model's turns need two voices, not six topics.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', SAMPLE, '-filter_complex',
    '[0:a]atrim=0:28,asetpts=PTS-STARTPTS[a1];[0:a]atrim=28:42,asetpts=PTS-STARTPTS,asetrate=44100*0.75,aresample=44100,atempo=1.3333[a2];[a1][a2]concat=n=2:v=0:a=1[a]',
    '-map', '0:v', '-map', '[a]', '-c:v', 'copy', '-c:a', 'aac', '-t', '42', video]);
  links = await new LinkServer().start();
  const dataDir = join(tmp, 'data');
  await installModel(models.segmentation, dataDir);
  await installModel(models.embedding, dataDir);
  // Face tracking off: this file is about speakers; framing a job's clips is proven in pipeline-real.
  d = await startTestDaemon({ dataDir, settings: { framing: { face_tracking: false } } });
  auth = `Key ${await d.apiKey()}`;
}, 120_000);
afterAll(async () => {
  await d?.stop();
  await links?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

interface Word { text: string; start: number; end: number; speaker?: string }

/** Runs one job on the two-voice video (with `env` for the stages, when given): its view, analysis and clip words. */
async function runJob(env?: NodeJS.ProcessEnv): Promise<{ job: any; analysis: Analysis; words: Word[] }> {
  const before = d.app.stages.current;
  if (env) d.app.stages.current = realStages({ dataDir: d.dataDir }, env);
  try {
    const jobId = (await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/two-voices.mp4', video) } } })).body.job_id as string;
    await d.processAll();
    const job = (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
    const analysis = (await d.app.store.clipJobs.stageResult(jobId, 'analyse')) as Analysis;
    const words: Word[] = [];
    for (const c of job.clips as { id: string }[]) words.push(...((await d.call('GET', `/v1/clips/${c.id}/transcript`, { auth })).body.words as Word[]));
    return { job, analysis, words };
  } finally {
    if (env) {
      d.app.stages.current.close?.();
      d.app.stages.current = before;
    }
  }
}

const labelled = (words: Word[]) => words.filter((w) => w.speaker !== undefined);

describe('a clip job with both diarization models installed', () => {
  it('labels the words from the model\'s turns of the whole audio and says the model ran', async () => {
    const { job, analysis, words } = await runJob();
    expect(job.status).toBe('done');
    expect(job.transcription.diarization).toEqual({ by: 'model', models: ['test-segmentation', 'test-speaker-embedding'] });
    const turns = analysis.speakers as SpeakerTurn[];
    expect(turns.length).toBeGreaterThan(0);
    for (const [i, t] of turns.entries()) {
      expect(t.speaker).toMatch(/^S\d+$/);
      expect(t.end).toBeGreaterThan(t.start);
      if (i > 0) expect(t.start).toBeGreaterThanOrEqual(turns[i - 1].start);
    }
    expect(turns[0].speaker).toBe('S1');
    expect(words.length).toBeGreaterThan(0);
    expect(labelled(words).length).toBeGreaterThan(0);
    // Every word's speaker is the model turn holding its middle, or none where no turn does.
    for (const w of words) expect(w.speaker).toBe(speakerOf(turns, w));
  }, 600_000);
});

describe('the heuristic stands in, and the job says why', () => {
  it('when the speaker-embedding model is missing', async () => {
    await removeModel('test-speaker-embedding', d.dataDir);
    try {
      const { job, analysis, words } = await runJob();
      expect(job.status).toBe('done');
      expect(job.transcription.diarization).toEqual({ by: 'heuristic', note: expect.stringMatching(/needs a speaker-embedding model too/) });
      expect(analysis.speakers).toBeUndefined();
      expect(labelled(words).length).toBeGreaterThan(0);
      expect(labelled(words).every((w) => /^S[123]$/.test(w.speaker!))).toBe(true);
    } finally {
      await installModel(models.embedding, d.dataDir);
    }
  }, 600_000);

  it('when the diarization child crashes', async () => {
    const { job, analysis, words } = await runJob({ ...process.env, CLIPPER_FAILPOINTS: 'diarization-crash' });
    expect(job.status).toBe('done');
    expect(job.transcription.diarization).toEqual({ by: 'heuristic', models: ['test-segmentation', 'test-speaker-embedding'], note: 'speaker diarization failed: the speaker diarization process ended; speakers were told apart by pitch and pauses' });
    expect(analysis.speakers).toBeUndefined();
    expect(labelled(words).length).toBeGreaterThan(0);
  }, 600_000);

  it('when it runs past its time', async () => {
    const { job, words } = await runJob({ ...process.env, CLIPPER_FAILPOINTS: 'diarization-hang', CLIPPER_DIARIZATION_TIMEOUT_MS: '2000' });
    expect(job.status).toBe('done');
    expect(job.transcription.diarization).toMatchObject({ by: 'heuristic', note: 'speaker diarization took longer than 2 s; speakers were told apart by pitch and pauses' });
    expect(labelled(words).length).toBeGreaterThan(0);
  }, 600_000);
});
