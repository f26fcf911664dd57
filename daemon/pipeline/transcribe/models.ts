import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import type { EngineConfig } from './engines.js';
import { readSherpaModel, SherpaModelError } from './sherpa-model.js';
import { EmbeddingModelError, looksLikeEmbedding, readEmbeddingModel } from '../embed/embed-model.js';
import { isGgufFile } from '../llm/gguf.js';
import { DiarizationModelError, looksLikeDiarization, readDiarizationModel } from '../speakers/diarization-model.js';

/**
 * An installed model in `<dataDir>/models/`: a whisper.cpp ggml file, a folder holding a
 * Whisper model in sherpa-onnx's format (issue 14), or a language model in llama.cpp's GGUF
 * format (issue 28).
 */
export interface ModelInfo {
  name: string;
  /**
   * `embedding`: a sentence encoder (issue 28, item 3); `gguf`: a language model (issue 28, item 1);
   * `diarization`: a speaker segmentation or speaker-embedding model (issue 30, item 3; `role` says which).
   */
  kind: 'sherpa-onnx' | 'ggml' | 'embedding' | 'gguf' | 'diarization';
  role?: 'segmentation' | 'embedding';
  path: string;
  size_bytes: number;
  modified_at: number;
  /** ISO 639-1 codes (sherpa-onnx models; a ggml file does not say without loading it). */
  languages?: string[];
}

/** The kind of the catalogue an installed model is (issue 28): Whisper and Parakeet folders and ggml files are speech, a GGUF file a language model. */
export const installedKind = (m: Pick<ModelInfo, 'kind'>): 'speech' | 'embedding' | 'llm' =>
  m.kind === 'gguf' ? 'llm' : m.kind === 'embedding' ? 'embedding' : 'speech';

/** A model file that cannot be installed; the message says why and what to do. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

export const modelsDir = (dataDir: string) => join(dataDir, 'models');

/** ggml's magic number 0x67676d6c, written little-endian at the start of whisper.cpp models. */
const GGML_MAGIC = Buffer.from('lmgg', 'ascii');

/** Checks that a file starts like a ggml model (sync: four bytes, used when choosing an engine). */
export function checkGgmlFile(path: string): void {
  const head = Buffer.alloc(4);
  const fd = openSync(path, 'r');
  let bytesRead: number;
  try {
    bytesRead = readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  if (bytesRead < 4 || !head.equals(GGML_MAGIC)) {
    throw new ModelError(`${basename(path)} is not a ggml model (it does not start with the ggml magic); whisper.cpp models are files such as ggml-base.en.bin`);
  }
}

/** What is at `path` as an installed model, or undefined when it is not one. */
export function describeModel(path: string): ModelInfo | undefined {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return undefined;
  const modified_at = Math.round(st.mtimeMs);
  if (st.isDirectory()) {
    if (looksLikeEmbedding(path)) {
      try {
        return { name: basename(path), kind: 'embedding', path, size_bytes: readEmbeddingModel(path).size_bytes, modified_at };
      } catch (e) {
        if (e instanceof EmbeddingModelError) return undefined;
        throw e;
      }
    }
    if (looksLikeDiarization(path)) {
      try {
        const m = readDiarizationModel(path);
        return { name: basename(path), kind: 'diarization', role: m.role, path, size_bytes: m.size_bytes, modified_at };
      } catch (e) {
        if (e instanceof DiarizationModelError) return undefined;
        throw e;
      }
    }
    try {
      const m = readSherpaModel(path);
      return { name: m.name, kind: 'sherpa-onnx', path, size_bytes: m.size_bytes, modified_at, languages: m.languages };
    } catch (e) {
      if (e instanceof SherpaModelError) return undefined;
      throw e;
    }
  }
  if (isGgufFile(path)) return { name: basename(path), kind: 'gguf', path, size_bytes: st.size, modified_at };
  try {
    checkGgmlFile(path);
  } catch {
    return undefined;
  }
  return { name: basename(path), kind: 'ggml', path, size_bytes: st.size, modified_at };
}

/** The installed models, newest first. Files and folders that are not models are left out. */
export function listModels(dataDir: string): ModelInfo[] {
  const dir = modelsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => describeModel(join(dir, name)))
    .filter((m): m is ModelInfo => !!m)
    .sort((a, b) => b.modified_at - a.modified_at || a.name.localeCompare(b.name));
}
export const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The model named by CLIPPER_WHISPER_MODEL or setting `transcription.model` (a name in DATA_DIR/models, or a path). */
export function namedModel(config: EngineConfig, env: NodeJS.ProcessEnv): { path: string; from: string; folder: boolean } | undefined {
  const named = str(env.CLIPPER_WHISPER_MODEL) ?? str(config.transcription?.model);
  if (!named) return undefined;
  const from = str(env.CLIPPER_WHISPER_MODEL) ? 'CLIPPER_WHISPER_MODEL' : 'config transcription.model';
  const path = isAbsolute(named) || !config.dataDir ? named : join(modelsDir(config.dataDir), named);
  return { path, from, folder: !!statSync(path, { throwIfNoEntry: false })?.isDirectory() };
}


