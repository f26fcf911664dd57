import { readdirSync, statSync } from 'node:fs';
import { PermanentTaskError } from '../../tasks/task-runner.js';
import type { Transcript, TranscriptionEngine } from '../types.js';
import { chooseEngine, type EngineConfig } from './engines.js';
import { listModels, modelsDir, namedModel } from './models.js';
import { PocketsphinxEngine } from './pocketsphinx.js';
import { findPocketsphinx } from './pocketsphinx-setup.js';

/** An engine as a job records it: the `transcriber` stage, and each chunk's transcript. */
export interface EngineUsed {
  engine: Transcript['engine'];
  model?: string;
}

export const sameEngine = (a: EngineUsed, b: Pick<TranscriptionEngine, 'name' | 'modelName'>) => a.engine === b.name && (a.model ?? undefined) === (b.modelName ?? undefined);

/**
 * The speech engine of a running daemon (issue 27, item 10: "a model added or removed is used
 * or dropped by the next job without a restart"). The choice (engines.ts) is made again
 * whenever what it rests on changed: the entries of DATA_DIR/models (a model added, replaced
 * or removed by `clipper models add|remove`, which move whole folders and files into place)
 * and the model a setting names. Reading that is a directory listing and a few stats, so it is
 * done for each job and each `GET /v1/transcription`; the engine itself is kept while nothing
 * changed (sherpa-onnx keeps its recognisers loaded between jobs).
 */
export class EngineSelector {
  private chosen?: { stamp: string; engine: TranscriptionEngine };
  /** Engines built again for jobs that started with them, by engine and model (closed with the daemon). */
  private kept = new Map<string, TranscriptionEngine>();

  constructor(
    private readonly config: EngineConfig,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The engine new jobs use now. */
  current(): TranscriptionEngine {
    const stamp = this.stamp();
    if (this.chosen?.stamp !== stamp) {
      this.closeAll();
      this.chosen = { stamp, engine: build(this.config, this.env) };
    }
    return this.chosen.engine;
  }

  /**
   * The engine a job that started with `used` keeps (its chunks were planned for it), when that
   * one can still run: the current engine when it is the same, else the same engine and model
   * built again. Undefined when it cannot run any more (its model was removed).
   */
  engineFor(used: EngineUsed): TranscriptionEngine | undefined {
    const now = this.current();
    // Records of earlier versions name no whisper.cpp model: the same engine is the one.
    if (sameEngine(used, now) || (used.engine === now.name && used.model === undefined)) return now;
    if (used.engine === 'none') return undefined;
    const key = `${used.engine}/${used.model ?? ''}`;
    const known = this.kept.get(key);
    if (known) return known;
    const model = used.model ? this.modelPath(used) : undefined;
    if (used.model && !model) return undefined;
    const env = { ...this.env, CLIPPER_TRANSCRIBER: used.engine, CLIPPER_WHISPER_MODEL: model ?? '' };
    const engine = build(this.config, env);
    if (!sameEngine(used, engine)) return undefined;
    this.kept.set(key, engine);
    return engine;
  }

  /** Ends the recognisers every engine keeps (the daemon stops). */
  close(): void {
    this.closeAll();
    this.chosen = undefined;
  }

  /** Idle recognisers end now; a job still running on one of these engines goes on with it. */
  private closeAll(): void {
    this.chosen?.engine.close?.();
    for (const e of this.kept.values()) e.close?.();
    this.kept.clear();
  }

  private modelPath(used: EngineUsed): string | undefined {
    const kind = used.engine === 'whisper.cpp' ? 'ggml' : 'sherpa-onnx';
    if (this.config.dataDir) {
      const found = listModels(this.config.dataDir).find((m) => m.kind === kind && m.name === used.model);
      if (found) return found.path;
    }
    const named = namedModel(this.config, this.env);
    return named && named.path.endsWith(`/${used.model}`) ? named.path : undefined;
  }

  /** What the choice rests on, as a string that changes when any of it does. */
  private stamp(): string {
    const parts: string[] = [];
    const stat = (path: string) => {
      const st = statSync(path, { throwIfNoEntry: false });
      return st ? `${st.mtimeMs}:${st.size}:${st.ino}` : '-';
    };
    if (this.config.dataDir) {
      const dir = modelsDir(this.config.dataDir);
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((n) => !n.startsWith('.')).sort();
      } catch {
        // No models folder yet: nothing installed.
      }
      for (const n of names) parts.push(`${n}=${stat(`${dir}/${n}`)}`);
    }
    const named = namedModel(this.config, this.env);
    if (named) parts.push(`named=${named.path}=${stat(named.path)}`);
    return parts.join('|');
  }
}

/** The engine the configuration and `env` choose now; a forced engine that cannot run fails the job that uses it. */
function build(config: EngineConfig, env: NodeJS.ProcessEnv): TranscriptionEngine {
  let engine: TranscriptionEngine;
  try {
    engine = chooseEngine(config, env);
  } catch (e) {
    const message = (e as Error).message;
    return { name: 'none', reason: message, transcribe: async () => Promise.reject(new PermanentTaskError(`No speech engine can run: ${message}`)) };
  }
  const sphinx = engine.name === 'pocketsphinx' ? findPocketsphinx(env).setup : undefined;
  // One recogniser per call and no second cutting: the job has cut the audio already.
  return sphinx ? new PocketsphinxEngine(engine.reason, sphinx, { parallel: 1, maxChunk: Number.MAX_SAFE_INTEGER }) : engine;
}
