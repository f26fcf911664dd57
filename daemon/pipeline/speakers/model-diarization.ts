import { withoutLocalPaths } from '../media/errors.js';
import { listModels } from '../transcribe/models.js';
import { sherpaPackage } from '../transcribe/sherpa-process.js';
import type { SpeakerTurn } from './diarize.js';
import { type DiarizationConfig, type DiarizedSegment, DiarizerProcess } from './diarizer-process.js';
import { readDiarizationModel } from './diarization-model.js';

/**
 * Who speaks when, from sherpa-onnx's speaker diarization (issue 30, item 3: "a segmentation
 * model plus a speaker-embedding model ... a heuristic from pitch and pauses when none is
 * installed"). Run once on the job's whole audio, so a voice has one label in every section.
 * Without both models, or when the child process fails, ends or runs past its time, the job
 * goes on with the heuristic and says why (`transcription.diarization` of GET /v1/clips/:jobId).
 */
export interface DiarizationUsed {
  /** `model`: sherpa-onnx's diarization; `heuristic`: voice pitch and pauses. */
  by: 'model' | 'heuristic';
  /** The segmentation and speaker-embedding models, when they ran. */
  models?: string[];
  /** Why the heuristic stood in, when models were installed or half of them are. */
  note?: string;
}

/** Catalogue names offered when a model is missing. */
const ADD_HINT = { segmentation: 'sherpa-onnx-pyannote-segmentation-3-0', embedding: 'nemo_en_titanet_small' };
/** sherpa-onnx's examples: clusters merge below this cosine distance; turns shorter than 0.2 s dropped, gaps under 0.5 s closed. */
const CLUSTERING = { numClusters: -1, threshold: 0.5 };

/** The installed segmentation and embedding models (the newest of each), or what is missing. */
export function diarizationModels(dataDir: string | undefined): { segmentation?: string; embedding?: string } {
  const installed = dataDir ? listModels(dataDir).filter((m) => m.kind === 'diarization') : [];
  return {
    segmentation: installed.find((m) => m.role === 'segmentation')?.path,
    embedding: installed.find((m) => m.role === 'embedding')?.path,
  };
}

/** Time allowed: the audio's length plus a minute (sherpa-onnx runs far faster than real time); CLIPPER_DIARIZATION_TIMEOUT_MS overrides. */
const timeoutMs = (seconds: number, env: NodeJS.ProcessEnv) => Math.round(Number(env.CLIPPER_DIARIZATION_TIMEOUT_MS) || 60_000 + seconds * 1000);

export async function diarizeWithModels(
  dataDir: string | undefined, wavPath: string, seconds: number, env: NodeJS.ProcessEnv, signal?: AbortSignal,
): Promise<{ speakers?: SpeakerTurn[]; diarization: DiarizationUsed }> {
  const found = diarizationModels(dataDir);
  if (!found.segmentation && !found.embedding) return { diarization: { by: 'heuristic' } };
  if (!found.segmentation || !found.embedding) {
    const missing = found.segmentation ? 'embedding' : 'segmentation';
    return { diarization: { by: 'heuristic', note: `speaker diarization needs a ${missing === 'embedding' ? 'speaker-embedding' : 'segmentation'} model too (\`clipper models add ${ADD_HINT[missing]}\`); speakers were told apart by pitch and pauses` } };
  }
  const pkg = sherpaPackage();
  if (!pkg) return { diarization: { by: 'heuristic', note: 'the sherpa-onnx-node package is not installed; speakers were told apart by pitch and pauses' } };
  const [segmentation, embedding] = [readDiarizationModel(found.segmentation), readDiarizationModel(found.embedding)];
  const models = [segmentation.name, embedding.name];
  const config: DiarizationConfig = {
    segmentation: { pyannote: { model: segmentation.model }, numThreads: 1 },
    embedding: { model: embedding.model, numThreads: 1 },
    clustering: CLUSTERING,
    minDurationOn: 0.2,
    minDurationOff: 0.5,
  };
  const child = new DiarizerProcess(pkg, env);
  const limit = timeoutMs(seconds, env);
  const timeout = AbortSignal.timeout(limit);
  try {
    const segments = await child.diarize(wavPath, config, signal ? AbortSignal.any([signal, timeout]) : timeout);
    return { speakers: turnsOf(segments), diarization: { by: 'model', models } };
  } catch (e) {
    if (signal?.aborted) throw e;
    const why = timeout.aborted ? `took longer than ${Math.round(limit / 1000)} s` : `failed: ${withoutLocalPaths((e as Error).message)}`;
    return { diarization: { by: 'heuristic', models, note: `speaker diarization ${why}; speakers were told apart by pitch and pauses` } };
  } finally {
    child.kill();
  }
}

/** sherpa-onnx's segments as turns in time order, labelled S1, S2, ... in order of first appearance. */
export function turnsOf(segments: DiarizedSegment[]): SpeakerTurn[] {
  const labels = new Map<number, string>();
  return [...segments]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((s) => {
      if (!labels.has(s.speaker)) labels.set(s.speaker, `S${labels.size + 1}`);
      return { start: round3(s.start), end: round3(s.end), speaker: labels.get(s.speaker)! };
    });
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
