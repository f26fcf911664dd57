import { existsSync } from 'node:fs';
import type { TranscriptionEngine } from '../types.js';
import { findOnPath } from '../which.js';
import { checkGgmlFile, listModels, namedModel, str } from './models.js';
import { assessSherpa } from './sherpa-setup.js';
import { NoSpeechEngine } from './none.js';
import { PocketsphinxEngine } from './pocketsphinx.js';
import { findPocketsphinx } from './pocketsphinx-setup.js';
import { WhisperCppEngine } from './whisper.js';

/** What engine choice reads from the daemon's configuration (DaemonConfig fits). */
export interface EngineConfig {
  dataDir?: string;
  /** Setting section `transcription` (engine, model, whisper_bin). */
  transcription?: { engine?: string; model?: string; whisper_bin?: string };
}

export type EngineName = TranscriptionEngine['name'];

/** One engine as `clipper doctor` shows it. */
export interface EngineCandidate {
  name: EngineName;
  available: boolean;
  detail: string;
}

export interface EngineAssessment {
  candidates: EngineCandidate[];
  /** The engine that will run, or why none can (an engine was asked for and is missing). */
  chosen: { engine: TranscriptionEngine } | { error: string };
}

/** The ggml model to use: the named one, else the newest ggml model installed. */
function whisperModel(config: EngineConfig, env: NodeJS.ProcessEnv): { path?: string; from: string } {
  const named = namedModel(config, env);
  if (named) return named.folder ? { from: named.from } : named;
  const installed = config.dataDir ? listModels(config.dataDir).find((m) => m.kind === 'ggml') : undefined;
  return { path: installed?.path, from: 'installed with `clipper models add`' };
}

function assessWhisper(config: EngineConfig, env: NodeJS.ProcessEnv): EngineCandidate & { engine?: TranscriptionEngine } {
  const model = whisperModel(config, env);
  if (!model.path) return { name: 'whisper.cpp', available: false, detail: 'no ggml model configured (CLIPPER_WHISPER_MODEL, or `clipper models add FILE|URL`)' };
  if (!existsSync(model.path)) return { name: 'whisper.cpp', available: false, detail: `model ${model.path} (${model.from}) does not exist` };
  try {
    checkGgmlFile(model.path);
  } catch (e) {
    return { name: 'whisper.cpp', available: false, detail: (e as Error).message };
  }
  const wanted = str(env.CLIPPER_WHISPER_BIN) ?? str(config.transcription?.whisper_bin);
  const binary = wanted ? findOnPath(wanted, env) : (findOnPath('whisper-cli', env) ?? findOnPath('whisper-cpp', env));
  if (!binary) {
    const why = wanted ? `${wanted} (CLIPPER_WHISPER_BIN) is not an executable` : 'no whisper.cpp binary (whisper-cli) on PATH; set CLIPPER_WHISPER_BIN';
    return { name: 'whisper.cpp', available: false, detail: `model ${model.path} is configured but ${why}` };
  }
  const detail = `${binary} with model ${model.path} (${model.from})`;
  return { name: 'whisper.cpp', available: true, detail, engine: new WhisperCppEngine(`whisper.cpp: ${detail}`, { binary, model: model.path }) };
}

function assessPocketsphinx(env: NodeJS.ProcessEnv): EngineCandidate & { engine?: TranscriptionEngine } {
  const { setup, problem } = findPocketsphinx(env);
  if (!setup) return { name: 'pocketsphinx', available: false, detail: problem! };
  const detail = `${setup.binary} with the English model in ${setup.hmm}`;
  return { name: 'pocketsphinx', available: true, detail, engine: new PocketsphinxEngine(`pocketsphinx: ${detail}`, setup) };
}

/**
 * Decides which engine transcribes (DESIGN.md, "The pipeline"; issue 14: "When a model is
 * installed, it is the default engine"): sherpa-onnx when a Whisper model in its format is
 * installed, else whisper.cpp when a ggml model and the binary are there, else pocketsphinx
 * with its shipped English model, else none. CLIPPER_TRANSCRIBER (or setting
 * `transcription.engine`) = sherpa-onnx | whisper.cpp | pocketsphinx | none forces one.
 */
export function assessEngines(config: EngineConfig = {}, env: NodeJS.ProcessEnv = process.env): EngineAssessment {
  const sherpa = assessSherpa(config, env);
  const whisper = assessWhisper(config, env);
  const sphinx = assessPocketsphinx(env);
  const none: EngineCandidate = { name: 'none', available: true, detail: 'clips from pauses, loudness and scene changes only' };
  const candidates = [sherpa, whisper, sphinx, none].map(({ name, available, detail }): EngineCandidate => ({ name, available, detail }));
  const forced = str(env.CLIPPER_TRANSCRIBER) ?? str(config.transcription?.engine);
  if (forced && forced !== 'auto') {
    const source = str(env.CLIPPER_TRANSCRIBER) ? 'CLIPPER_TRANSCRIBER' : 'config transcription.engine';
    if (forced === 'none') return { candidates, chosen: { engine: new NoSpeechEngine(`no speech recognition: ${source}=none`) } };
    const pick = forced === 'pocketsphinx' ? sphinx : forced === 'whisper.cpp' || forced === 'whisper' ? whisper : forced === 'sherpa-onnx' ? sherpa : undefined;
    if (!pick) return { candidates, chosen: { error: `${source}=${forced} is not an engine (sherpa-onnx, whisper.cpp, pocketsphinx, none or auto)` } };
    return { candidates, chosen: pick.engine ? { engine: pick.engine } : { error: `${source}=${forced}, but ${pick.detail}` } };
  }
  const engine =
    sherpa.engine ??
    whisper.engine ??
    sphinx.engine ??
    new NoSpeechEngine(`no speech recognition available (${whisper.detail}; ${sphinx.detail}): clips come from pauses, loudness and scene changes`);
  return { candidates, chosen: { engine } };
}

/** The engine a job runs with; throws when a forced engine cannot run. */
export function chooseEngine(config: EngineConfig = {}, env: NodeJS.ProcessEnv = process.env): TranscriptionEngine {
  const { chosen } = assessEngines(config, env);
  if ('error' in chosen) throw new Error(chosen.error);
  return chosen.engine;
}
