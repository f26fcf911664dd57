import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { LlmError, type JsonRequest } from './chat.js';
import type { LlmEngine } from './engine.js';
import { type EmbeddedAnswer, ModelProcess, ModelProcessError } from './embedded-process.js';

export interface EmbeddedSettings {
  /** The GGUF file. */
  modelPath: string;
  /** Its name as jobs show it (the file's name in DATA_DIR/models). */
  model: string;
  /** URL of node-llama-cpp's entry (undefined: the package is not installed). */
  packageUrl: string | undefined;
  timeoutMs: number;
  contextSize: number;
  threads: number;
}

/**
 * A GGUF model run by llama.cpp in a model host process (model-host.ts, which
 * ends a host unused for a minute). Requests wait their turn (one model, one context); each has
 * `timeoutMs` from when it starts. A timeout ends the process (the next request starts a fresh
 * one), as does a crash; both are LlmErrors, so the job falls back to the heuristics for that
 * part and says so.
 */
export class EmbeddedEngine implements LlmEngine {
  readonly engine = 'embedded' as const;
  private process?: ModelProcess;
  private queue: Promise<unknown> = Promise.resolve();
  /** Every process started (tests look at pids). */
  readonly started: ModelProcess[] = [];
  /** What the last answer cost (the bench reads it). */
  last?: EmbeddedAnswer;

  constructor(readonly settings: EmbeddedSettings) {}

  get model(): string {
    return this.settings.model;
  }

  json(request: JsonRequest, signal?: AbortSignal): Promise<unknown> {
    const turn = this.queue.then(() => this.ask(request, signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async ask(request: JsonRequest, signal?: AbortSignal): Promise<unknown> {
    signal?.throwIfAborted();
    const { modelPath, packageUrl, timeoutMs, contextSize, threads, model } = this.settings;
    if (!packageUrl) throw new LlmError('missing', 'node-llama-cpp is not installed, so the embedded language model cannot run (npm install node-llama-cpp@3.21.1)');
    if (!model) throw new LlmError('missing', 'no language model is installed (`clipper models setup` installs the recommended one)');
    if (!existsSync(modelPath)) throw new LlmError('missing', `the language model ${model} is not installed (\`clipper models add ${model}\`)`);
    const p = this.take(packageUrl);
    let late = false;
    const deadline = setTimeout(() => ((late = true), p.kill()), timeoutMs);
    const onAbort = () => p.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    let answer: EmbeddedAnswer;
    try {
      answer = await p.ask({ modelPath, contextSize, threads, system: request.system, user: request.user, schema: request.schema, maxTokens: request.maxTokens ?? 1024 });
    } catch (e) {
      signal?.throwIfAborted();
      if (!(e instanceof ModelProcessError)) throw e;
      if (e.exit && !late) throw new LlmError('crashed', `the embedded language model's process ended (${e.exit.signal ?? `exit status ${e.exit.code}`}) running ${model}; the daemon is fine`);
      if (e.exit) throw new LlmError('timeout', `the embedded language model ${model} did not answer within ${timeoutMs / 1000} s`);
      throw new LlmError('refused', `the embedded language model could not run ${basename(modelPath)}: ${e.message.replace(/\/[^\s'":]+/g, (x) => basename(x))}`);
    } finally {
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
    }
    this.last = answer;
    try {
      return JSON.parse(answer.text);
    } catch {
      throw new LlmError('malformed', `the embedded language model stopped before its answer was complete (${answer.generatedTokens} tokens)`);
    }
  }

  private take(packageUrl: string): ModelProcess {
    if (this.process?.alive) return this.process;
    this.process = new ModelProcess(packageUrl);
    this.started.push(this.process);
    if (this.started.length > 16) this.started.splice(0, this.started.length - 16);
    return this.process;
  }

  /** Ends the host of a request in flight; idle hosts end by themselves. */
  close(): void {
    this.process?.kill();
  }
}
