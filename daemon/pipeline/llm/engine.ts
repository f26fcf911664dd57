// One interface for the two ways clipper runs a language model (issue 28, item 1): `embedded`,
// a GGUF model run by llama.cpp (node-llama-cpp) in a child process of the daemon, and `openai`,
// an OpenAI-compatible chat-completions server the user runs (issue 20, item 5). Both answer a
// JsonRequest with parsed JSON that matches its schema's shape (the embedded engine through a
// grammar made from the schema, the server through structured outputs); every failure is an
// LlmError, which the caller turns into the heuristics' fallback for that part of the job.
import { chatJson, type JsonRequest, type LlmSettings } from './chat.js';

export interface LlmEngine {
  readonly engine: 'embedded' | 'openai';
  /** The model's name as the job shows it (`ranking.model`). */
  readonly model: string;
  json(request: JsonRequest, signal?: AbortSignal): Promise<unknown>;
  /** Ends what the engine keeps running between jobs (the embedded model's process). */
  close?(): void;
}

/** The OpenAI-compatible server of the `llm` setting. */
export class OpenAiEngine implements LlmEngine {
  readonly engine = 'openai' as const;
  constructor(readonly settings: LlmSettings) {}

  get model(): string {
    return this.settings.model;
  }

  json(request: JsonRequest, signal?: AbortSignal): Promise<unknown> {
    return chatJson(this.settings, request, signal);
  }
}
