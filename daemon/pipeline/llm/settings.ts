import { availableParallelism } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { DaemonConfig } from '../../config.js';
import { listModels, modelsDir } from '../transcribe/models.js';
import type { LlmSettings } from './chat.js';
import { EmbeddedEngine } from './embedded.js';
import { nodeLlamaCppPackage } from './embedded-process.js';
import { type LlmEngine, OpenAiEngine } from './engine.js';

/** The `llm` section as the client uses it; undefined when no endpoint is configured (DESIGN.md: heuristics only). */
export function llmSettings(config: Pick<DaemonConfig, 'llm'>, env: NodeJS.ProcessEnv = process.env): LlmSettings | undefined {
  const { base_url, model, api_key_env, timeout_ms, stream } = config.llm;
  if (!base_url || !model) return undefined;
  const apiKey = api_key_env ? env[api_key_env] : undefined;
  return { baseUrl: base_url, model, timeoutMs: timeout_ms, stream, ...(apiKey ? { apiKey } : {}) };
}

/** The engine a job uses, looked up when the job needs it (a model added while the daemon runs is used at once). */
export interface LlmChoice {
  (): LlmEngine | undefined;
  close(): void;
}

/**
 * Which language model judges a job's clips (issue 28, item 1; DESIGN.md `llm: {engine, ...}`):
 * - `engine: "openai"`, or no engine and `base_url` set: the chat-completions server;
 * - `engine: "embedded"`: `llm.model` (an installed model's name, or a path), else the newest
 *   installed GGUF model; none installed: the engine still answers, with a "missing model"
 *   failure, so the job falls back to the heuristics and says why;
 * - no engine and no `base_url`: the newest installed GGUF model, else none (heuristics only,
 *   and the job has no `ranking`): with a model installed it is used without any other setting.
 */
export function llmChoice(config: Pick<DaemonConfig, 'llm' | 'dataDir'>, env: NodeJS.ProcessEnv = process.env): LlmChoice {
  const { engine, base_url, model } = config.llm;
  const server = llmSettings(config, env);
  const openai = server && engine !== 'embedded' ? new OpenAiEngine(server) : undefined;
  const embedded = new Map<string, EmbeddedEngine>();
  const packageUrl = nodeLlamaCppPackage();
  const make = (path: string, name: string) => {
    let e = embedded.get(path);
    if (!e) {
      e = new EmbeddedEngine({ modelPath: path, model: name, packageUrl, timeoutMs: config.llm.embedded_timeout_ms, contextSize: config.llm.context_size, threads: config.llm.threads || Math.max(1, availableParallelism() - 1) });
      embedded.set(path, e);
    }
    return e;
  };
  const choose = (() => {
    if (openai) return openai;
    if (engine !== 'embedded' && base_url) return undefined;
    if (engine === 'embedded' && model) return make(isAbsolute(model) ? model : join(modelsDir(config.dataDir), model), model);
    const installed = listModels(config.dataDir).find((m) => m.kind === 'gguf');
    if (installed) return make(installed.path, installed.name);
    return engine === 'embedded' ? make(join(modelsDir(config.dataDir), '.none'), '') : undefined;
  }) as LlmChoice;
  choose.close = () => {
    for (const e of embedded.values()) e.close();
  };
  return choose;
}
