import type { TranscriptionEngine } from '../types.js';
import type { EngineCandidate, EngineConfig } from './engines.js';
import { listModels, namedModel } from './models.js';
import { readSherpaModel, SherpaModelError, type SherpaWhisperModel } from './sherpa-model.js';
import { SherpaWhisperEngine } from './sherpa.js';
import { sherpaPackage } from './sherpa-process.js';

const describeModel = (m: SherpaWhisperModel) =>
  `${m.family === 'nemo_transducer' ? 'Parakeet transducer, ' : ''}${m.multilingual ? `${m.languages.length} languages` : 'English'}, ${m.family === 'nemo_transducer' ? 'word times from the transducer' : m.timings === 'tokens' ? 'word times from cross-attention' : 'phrase times (no cross-attention output)'}`;

/**
 * The sherpa-onnx candidate (issue 14, item 2: "When a model is installed, it is the default
 * engine"): the model named by CLIPPER_WHISPER_MODEL / `transcription.model` when that is a
 * model folder, else the newest sherpa-onnx model installed with `clipper models add`.
 */
export function assessSherpa(config: EngineConfig, env: NodeJS.ProcessEnv): EngineCandidate & { engine?: TranscriptionEngine } {
  const unavailable = (detail: string) => ({ name: 'sherpa-onnx' as const, available: false, detail });
  const named = namedModel(config, env);
  let dir: string | undefined;
  let from = 'installed with `clipper models add`';
  if (named?.folder) {
    dir = named.path;
    from = named.from;
  } else if (!named && config.dataDir) dir = listModels(config.dataDir).find((m) => m.kind === 'sherpa-onnx')?.path;
  if (!dir) return unavailable('no Whisper model for sherpa-onnx installed (`clipper models list --available`, then `clipper models add NAME`)');
  let model: SherpaWhisperModel;
  try {
    model = readSherpaModel(dir);
  } catch (e) {
    if (e instanceof SherpaModelError) return unavailable(e.message);
    throw e;
  }
  const pkg = sherpaPackage();
  if (!pkg) return unavailable(`model ${model.name} is installed but the sherpa-onnx-node package is missing (npm install sherpa-onnx-node)`);
  const detail = `model ${model.name} (${from}; ${describeModel(model)})`;
  return { name: 'sherpa-onnx', available: true, detail, engine: new SherpaWhisperEngine(`sherpa-onnx: ${detail}`, model, pkg) };
}
