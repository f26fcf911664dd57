import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { listModels, modelsDir } from '../transcribe/models.js';
import { EncoderProcess, onnxRuntimePackage } from './embed-process.js';
import { type EmbeddingModel, readEmbeddingModel } from './embed-model.js';
import { WordPiece } from './wordpiece.js';

/** Texts per call to the encoder (sorted by length first, so padding stays small). */
const BATCH = 16;

/**
 * Sentence embeddings (issue 28, item 3): texts to unit vectors with an installed BERT-style
 * encoder, run by onnxruntime-node in a child process of its own. A request gets the model's
 * retrieval prefix (bge); passages go as they are.
 */
export class Embedder {
  private tokenizer?: WordPiece;

  constructor(readonly model: EmbeddingModel, private readonly encoder: () => EncoderProcess) {}

  get name(): string {
    return this.model.name;
  }

  async embed(texts: string[], as: 'query' | 'passage' = 'passage'): Promise<number[][]> {
    this.tokenizer ??= new WordPiece(readFileSync(this.model.vocab, 'utf8'));
    const order = texts.map((t, i) => ({ text: as === 'query' ? this.model.queryPrefix + t : t, i })).sort((a, b) => a.text.length - b.text.length);
    const out: number[][] = new Array<number[]>(texts.length);
    for (let k = 0; k < order.length; k += BATCH) {
      const part = order.slice(k, k + BATCH);
      const rows = this.tokenizer.batch(part.map((p) => p.text), this.model.maxTokens);
      const vectors = await this.encoder().encode({ model: this.model.model, pooling: this.model.pooling, ids: rows.map((r) => r.ids), mask: rows.map((r) => r.mask) });
      part.forEach((p, j) => (out[p.i] = vectors[j]));
    }
    return out;
  }

  /** Cosine likeness of each text to the request (vectors are unit length). */
  async likeness(request: string, texts: string[]): Promise<number[]> {
    const [query] = await this.embed([request], 'query');
    const vectors = await this.embed(texts, 'passage');
    return vectors.map((v) => dot(query, v));
  }
}

export const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

let shared: EncoderProcess | undefined;
/** The daemon's one encoder process, started on first use and again after a crash. */
function sharedEncoder(): EncoderProcess {
  const pkg = onnxRuntimePackage();
  if (!pkg) throw new Error('onnxruntime-node is not installed');
  if (!shared?.alive) shared = new EncoderProcess(pkg);
  return shared;
}

/** Ends the shared encoder process (daemon stop, tests). */
export function closeEncoder(): void {
  shared?.kill();
  shared = undefined;
}

/**
 * The embedding model jobs use: CLIPPER_EMBEDDING_MODEL (a name in DATA_DIR/models or a path;
 * `none` turns embeddings off), else the newest installed one; undefined when there is none or
 * onnxruntime-node is missing.
 */
export function findEmbedder(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Embedder | undefined {
  const named = env.CLIPPER_EMBEDDING_MODEL?.trim();
  if (named === 'none' || !onnxRuntimePackage()) return undefined;
  let dir: string | undefined;
  if (named) dir = isAbsolute(named) || !dataDir ? named : join(modelsDir(dataDir), named);
  else if (dataDir) dir = listModels(dataDir).find((m) => m.kind === 'embedding')?.path;
  if (!dir) return undefined;
  return new Embedder(readEmbeddingModel(dir), sharedEncoder);
}

/**
 * A shortlist for a language model (issue 28, item 3: "as the LLM's shortlist when one is"):
 * the `keep` texts most like the request, as indexes into `texts`, best first.
 */
export async function shortlist(embedder: Embedder, request: string, texts: string[], keep: number): Promise<number[]> {
  const like = await embedder.likeness(request, texts);
  return like.map((l, i) => ({ l, i })).sort((a, b) => b.l - a.l || a.i - b.i).slice(0, keep).map((x) => x.i);
}
