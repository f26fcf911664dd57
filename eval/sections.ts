// The daemon's way through a talk, without the daemon (for replay.ts and sweep.ts `--sections`):
// the audio cut into chunks and suggestion sections by the job's own plan (planJob with the
// default settings), each section suggested by the real stage (realStages().suggest, carrying a
// topic still going on over to the next section), and the clips ranked by score as a finished
// job ranks them. Clip scores from different sections meet only here, so this is what shows
// whether they can be compared (`npm run eval` runs the same path through a real daemon).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSettings } from '../daemon/config.js';
import { extractAudio } from '../daemon/pipeline/media/index.js';
import { realStages } from '../daemon/pipeline/real-stages.js';

import { frameEnergies } from '../daemon/pipeline/transcribe/chunking.js';
import { readWavInfo } from '../daemon/pipeline/transcribe/wav.js';
import type { Analysis, ProbeResult, SuggestedClip, Transcript } from '../daemon/pipeline/types.js';
import { planJob, type JobPlan } from '../daemon/resources/clip-jobs/plan.js';
import { prepareCriteria, suggestClipsPrepared } from '../daemon/pipeline/suggest/index.js';
import { GENERATED, type TalkTimes } from './fixtures.js';

/** The eval daemon's heavy queue: one slot per core of this kind of machine. */
const PARALLEL = 2;
const plans = new Map<string, JobPlan>();

/** The job plan of a talk's video, as the daemon makes it (kept beside the video). */
export async function jobPlanOf(video: string): Promise<JobPlan> {
  let plan = plans.get(video);
  const stored = `${video}.plan.json`;
  if (!plan && existsSync(stored) && statSync(stored).mtimeMs >= statSync(video).mtimeMs) plan = JSON.parse(readFileSync(stored, 'utf8')) as JobPlan;
  if (!plan) {
    const dir = mkdtempSync(join(tmpdir(), 'clipper-eval-'));
    try {
      const wav = join(dir, 'audio.wav');
      await extractAudio(video, wav);
      const info = await readWavInfo(wav);
      const { pipeline } = parseSettings({}).settings;
      plan = planJob(info.duration, await frameEnergies(info, wav), { parallel: PARALLEL, chunkSeconds: pipeline.chunk_seconds, sectionSeconds: pipeline.section_seconds });
      writeFileSync(stored, JSON.stringify(plan));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  plans.set(video, plan);
  return plan;
}

export interface Source {
  probe: ProbeResult;
  analysis: Analysis;
  transcript: Transcript;
}

/** A talk `npm run eval` recognised and stored (fixtures/generated/eval-sources/), with its true topic times; null before the first run. */
export function storedTalk(name: string): { source: Source; times: TalkTimes } | null {
  const file = join(GENERATED, 'eval-sources', `${name}.json`);
  if (!existsSync(file)) return null;
  return { source: JSON.parse(readFileSync(file, 'utf8')) as Source, times: JSON.parse(readFileSync(join(GENERATED, `${name}.json`), 'utf8')) as TalkTimes };
}

/** The suggester on a stored talk: the whole talk as one section, or `bySections` as the daemon does. */
export async function suggestStored(name: string, source: Source, opts: { criteria?: string; targetDuration?: number; language: string }, bySections: boolean): Promise<SuggestedClip[]> {
  if (bySections) return suggestBySections(join(GENERATED, `${name}.mp4`), source, opts);
  const criteria = await prepareCriteria(opts.criteria, opts.language);
  return suggestClipsPrepared(source.transcript, source.analysis, source.probe, opts, criteria);
}

/** Every section suggested in turn, the clips best first (by score). */
export async function suggestBySections(video: string, source: Source, opts: { criteria?: string; targetDuration?: number; language: string }): Promise<SuggestedClip[]> {
  const plan = await jobPlanOf(video);
  const stages = realStages({ transcription: { engine: 'none' } });
  const clips: SuggestedClip[] = [];
  let carryFrom: number | undefined;
  for (const [s, section] of plan.sections.entries()) {
    const last = s === plan.sections.length - 1;
    const result = await stages.suggest({ transcript: source.transcript, analysis: source.analysis, probe: source.probe, span: section, carryFrom, last }, opts);
    clips.push(...result.clips);
    carryFrom = last ? undefined : result.carryFrom;
  }
  return clips.sort((a, b) => b.score - a.score);
}
