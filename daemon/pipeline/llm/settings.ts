import type { DaemonConfig } from '../../config.js';
import type { LlmSettings } from './chat.js';

/** The `llm` section as the client uses it; undefined when no endpoint is configured (DESIGN.md: heuristics only). */
export function llmSettings(config: Pick<DaemonConfig, 'llm'>, env: NodeJS.ProcessEnv = process.env): LlmSettings | undefined {
  const { base_url, model, api_key_env, timeout_ms, stream } = config.llm;
  if (!base_url || !model) return undefined;
  const apiKey = api_key_env ? env[api_key_env] : undefined;
  return { baseUrl: base_url, model, timeoutMs: timeout_ms, stream, ...(apiKey ? { apiKey } : {}) };
}
