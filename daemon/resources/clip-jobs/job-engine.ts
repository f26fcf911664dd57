import type { PipelineStages } from '../../pipeline/stages.js';
import { sameEngine } from '../../pipeline/transcribe/engine-selector.js';
import type { ClipJobRow } from '../../store/clip-jobs.js';
import type { Transcript, TranscriptionEngine } from '../../pipeline/types.js';
import { namesOf, stageKey, type EngineUsed, type JobStages } from './stage-results.js';
import type { JobTransitions } from './transitions.js';

export const engineUsed = (e: Pick<TranscriptionEngine, 'name' | 'modelName'>): EngineUsed => ({ engine: e.name, ...(e.modelName ? { model: e.modelName } : {}) });

/**
 * The speech engine of one attempt at a job (issue 27, item 10). A new job takes the engine new
 * jobs use now (a model added or removed a moment ago included). A job that already planned its
 * chunks keeps the engine it started with, since the chunks were cut for it (sherpa-onnx takes
 * at most 26 s; pocketsphinx any length): the `transcriber` stage names it. Only when that
 * engine cannot run any more (its model was removed) do the remaining chunks go to the current
 * one, which cuts a chunk longer than it takes itself; the job then says so in a warning, and
 * its `transcription` lists both engines. Each chunk records the engine and model that ran it.
 */
export async function engineOfAttempt(stages: PipelineStages, done: JobStages, t: JobTransitions, job: ClipJobRow): Promise<TranscriptionEngine> {
  const now = stages.transcriber;
  const used = done.get(stageKey('transcriber'));
  if (!used || sameEngine(used, now) || !stages.engineFor) return now;
  const kept = stages.engineFor(used);
  if (kept) return kept;
  const ran = namesOf(done.names(), 'transcribe').length;
  const named = (e: EngineUsed) => (e.model ? `${e.engine} with the model ${e.model}` : e.engine);
  const message = `This job started transcribing with ${named(used)}, which cannot run any more (its model was removed); ${ran ? 'the chunks left' : 'its chunks'} were transcribed with ${named(engineUsed(now))}.`;
  await t.stage(job, stageKey('warning', 'speech_engine_changed'), { message });
  const record: EngineUsed = { ...engineUsed(now), ...(ran ? { engines: [...(used.engines ?? [{ engine: used.engine, ...(used.model ? { model: used.model } : {}) }]), engineUsed(now)] } : {}) };
  await t.stage(job, stageKey('transcriber'), record);
  done.set(stageKey('transcriber'), record);
  return now;
}

/** A chunk's transcript with the engine and model that really ran it. */
export function stamped(got: Transcript, engine: TranscriptionEngine): Transcript {
  const { model: _model, ...rest } = got;
  const model = got.model ?? (got.engine === engine.name ? engine.modelName : undefined);
  return { ...rest, ...(model ? { model } : {}) };
}
