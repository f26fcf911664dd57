import { ChildEngineError } from '../one-at-a-time-child.js';
import { HostedClient, type HostedEngine } from '../model-host.js';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The embedded language model, run in a model host process (model-host.ts), so a crash in
 * native code never ends the daemon. node-llama-cpp loads llama.cpp's
 * prebuilt CPU library (`build: 'never'`: it never downloads or compiles), the GGUF model once,
 * and one context; each request is a fresh chat (system prompt, user prompt) whose answer is
 * constrained by a grammar made from the request's JSON Schema (`createGrammarForJsonSchema`),
 * so what comes back is JSON of that shape. The context sequence keeps the tokens it evaluated,
 * so a request that starts like the last one (the same system prompt) reuses them.
 */
const HANDLER_SOURCE = `(require, options) => {
const lib = import(options.url);
let llama, model, context, sequence, loaded;
const grammars = new Map();
return async function handle(m) {
  const { getLlama, LlamaChatSession } = await lib;
  llama ??= await getLlama({ gpu: false, build: 'never', logLevel: 'error', progressLogs: false });
  if (loaded !== m.modelPath) {
    loaded = undefined;
    await context?.dispose();
    await model?.dispose();
    grammars.clear();
    model = await llama.loadModel({ modelPath: m.modelPath });
    context = await model.createContext({ contextSize: Math.min(m.contextSize, model.trainContextSize), sequences: 1, ...(m.threads ? { threads: m.threads } : {}) });
    sequence = context.getSequence();
    loaded = m.modelPath;
  }
  const key = JSON.stringify(m.schema);
  let grammar = grammars.get(key);
  if (!grammar) grammars.set(key, (grammar = await llama.createGrammarForJsonSchema(m.schema)));
  const session = new LlamaChatSession({ contextSequence: sequence, systemPrompt: m.system, autoDisposeSequence: false });
  const before = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
  const started = Date.now();
  let text;
  try {
    text = await session.prompt(m.user, { grammar, maxTokens: m.maxTokens, temperature: 0 });
  } finally {
    session.dispose({ disposeSequence: false });
  }
  return {
    text,
    ms: Date.now() - started,
    promptTokens: model.tokenize(m.system + '\\n' + m.user).length,
    evaluatedTokens: sequence.tokenMeter.usedInputTokens - before.input,
    generatedTokens: sequence.tokenMeter.usedOutputTokens - before.output,
  };
};
}`;

/** Where node-llama-cpp is (a file URL for import()), or undefined when it is not installed. */
export function nodeLlamaCppPackage(): string | undefined {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('node-llama-cpp')).href;
  } catch {
    return undefined;
  }
}

export interface EmbeddedCall {
  modelPath: string;
  contextSize: number;
  /** CPU threads (0: node-llama-cpp's choice, the machine's cores). */
  threads: number;
  system: string;
  user: string;
  schema: Record<string, unknown>;
  maxTokens: number;
}

/** What one call gave back, with what it cost (the bench reports these). */
export interface EmbeddedAnswer {
  text: string;
  ms: number;
  promptTokens: number;
  evaluatedTokens: number;
  generatedTokens: number;
}

/** The process ended (`exit` says how) or node-llama-cpp refused the request (no `exit`). */
export class ModelProcessError extends ChildEngineError {}

const ENGINE: HostedEngine = { name: 'llm', source: HANDLER_SOURCE, what: 'language model', error: (m, log, exit) => new ModelProcessError(m, log, exit) };

/** The language model in a model host, one request at a time, its model kept loaded between requests. */
export class ModelProcess extends HostedClient<EmbeddedCall, EmbeddedAnswer> {
  constructor(packageUrl: string) {
    super(ENGINE, { url: packageUrl });
  }

  ask(call: EmbeddedCall): Promise<EmbeddedAnswer> {
    return this.run(call);
  }
}
