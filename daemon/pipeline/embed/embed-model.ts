import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * An installed sentence-embedding model (issue 28, item 3): a folder in DATA_DIR/models holding
 * a BERT-style ONNX encoder (`model.onnx`, inputs input_ids and attention_mask, output
 * last_hidden_state or a pooled sentence_embedding) and its WordPiece `vocab.txt`, as the hub's
 * ONNX exports of bge-small-en-v1.5 and all-MiniLM-L6-v2 have them. How to pool and what to put
 * before a request come from the catalogue entry, kept in the folder's clipper-model.json.
 */
export interface EmbeddingModel {
  name: string;
  dir: string;
  model: string;
  vocab: string;
  /** `cls`: the first token's vector (bge); `mean`: the mean of the real tokens (MiniLM). */
  pooling: 'cls' | 'mean';
  /** Put before a request (bge's retrieval instruction); passages go as they are. */
  queryPrefix: string;
  maxTokens: number;
  /** The cosine unrelated texts have with this model (bge's sit high): likeness counts from here. */
  floor: number;
  size_bytes: number;
}

/** How a catalogue entry says its model is used (kept in clipper-model.json as `embedding`). */
export interface EmbeddingUse {
  pooling: 'cls' | 'mean';
  query_prefix?: string;
  max_tokens?: number;
  similarity_floor?: number;
}

export class EmbeddingModelError extends Error {}

/** The model in `dir`, checked; throws EmbeddingModelError. */
export function readEmbeddingModel(dir: string): EmbeddingModel {
  const name = basename(dir);
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    throw new EmbeddingModelError(`${name} is not a model folder`);
  }
  const onnx = files.includes('model.onnx') ? 'model.onnx' : files.find((f) => f.endsWith('.onnx'));
  if (!onnx) throw new EmbeddingModelError(`${name} has no ONNX encoder (model.onnx)`);
  if (!files.includes('vocab.txt')) throw new EmbeddingModelError(`${name} has no WordPiece vocabulary (vocab.txt)`);
  const vocabHead = readFileSync(join(dir, 'vocab.txt'), 'utf8');
  if (!/^\[CLS\]$/m.test(vocabHead) || !/^\[SEP\]$/m.test(vocabHead)) throw new EmbeddingModelError(`${name}: vocab.txt is not a BERT vocabulary (no [CLS] or [SEP])`);
  let use: EmbeddingUse = { pooling: 'mean' };
  const record = join(dir, 'clipper-model.json');
  if (existsSync(record)) {
    try {
      use = { ...use, ...((JSON.parse(readFileSync(record, 'utf8')) as { embedding?: EmbeddingUse }).embedding ?? {}) };
    } catch {
      throw new EmbeddingModelError(`${name}: clipper-model.json is not JSON`);
    }
  }
  return {
    name,
    dir,
    model: join(dir, onnx),
    vocab: join(dir, 'vocab.txt'),
    pooling: use.pooling === 'cls' ? 'cls' : 'mean',
    queryPrefix: use.query_prefix ?? '',
    maxTokens: use.max_tokens ?? 512,
    floor: Math.min(0.9, Math.max(0, use.similarity_floor ?? 0)),
    size_bytes: [onnx, 'vocab.txt'].reduce((n, f) => n + statSync(join(dir, f)).size, 0),
  };
}

/** True when a folder looks like an embedding model (an encoder beside a vocab.txt, no speech files). */
export const looksLikeEmbedding = (dir: string) => existsSync(join(dir, 'vocab.txt')) && existsSync(join(dir, 'model.onnx'));
