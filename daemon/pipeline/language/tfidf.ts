// TF-IDF over stems with natural's TfIdf: how characteristic a word is of one passage compared with
// the rest of a document (a clip against the whole video, a sentence against all sentences).
import { createRequire } from 'node:module';
import { naturalPaths } from './natural.js';
import { stem } from './stem.js';
import { isContentWord, tokenize } from './tokens.js';

const require = createRequire(import.meta.url);

interface NaturalTfIdf {
  addDocument(doc: string[]): void;
  idf(term: string): number;
}
const TfIdf = require(naturalPaths.tfidf) as new () => NaturalTfIdf;

/** Document frequencies of stems over a set of passages. */
export class TermCorpus {
  private readonly tfidf = new TfIdf();
  private readonly cache = new Map<string, number>();
  readonly size: number;

  /** `documents`: the stems of each passage. */
  constructor(documents: string[][]) {
    for (const d of documents) this.tfidf.addDocument(d);
    this.size = documents.length;
  }

  /** Build from raw passages (tokenised, stop words dropped, stemmed). */
  static fromTexts(texts: string[], language = 'en'): TermCorpus {
    return new TermCorpus(texts.map((t) => contentStems(t, language).map((s) => s.stem)));
  }

  /** Inverse document frequency, at least a small positive number so every word counts a little. */
  idf(stemmed: string): number {
    let v = this.cache.get(stemmed);
    if (v === undefined) {
      // natural keeps documents as plain objects: keys like "constructor" would hit the prototype.
      v = this.size === 0 || stemmed === '__key' ? 1 : Math.max(0.1, this.tfidf.idf(stemmed));
      this.cache.set(stemmed, v);
    }
    return v;
  }
}

export interface StemmedToken {
  token: string;
  stem: string;
}

/** Content tokens of a text with their stems. */
export function contentStems(text: string, language = 'en'): StemmedToken[] {
  return tokenize(text)
    .filter((t) => isContentWord(t, language))
    .map((token) => ({ token, stem: stem(token, language) }));
}

export interface KeyTerm {
  /** The most frequent spelling of the stem in the passage. */
  word: string;
  stem: string;
  score: number;
}

/** The n words most characteristic of `text` against `corpus` (tf x idf over stems). */
export function keyTerms(text: string, corpus: TermCorpus, n: number, language = 'en'): KeyTerm[] {
  const counts = new Map<string, { n: number; spellings: Map<string, number> }>();
  for (const { token, stem: s } of contentStems(text, language)) {
    const c = counts.get(s) ?? { n: 0, spellings: new Map() };
    c.n++;
    c.spellings.set(token, (c.spellings.get(token) ?? 0) + 1);
    counts.set(s, c);
  }
  const terms: KeyTerm[] = [];
  for (const [s, c] of counts) {
    const word = [...c.spellings].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0][0];
    terms.push({ word, stem: s, score: (1 + Math.log(c.n)) * corpus.idf(s) });
  }
  return terms.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word)).slice(0, Math.max(0, n));
}
