// The pieces a title may be made of (title.ts): a clip's sentences and their clauses, and how
// telling a piece's words are. A clause
// ends where the speaker paused inside the sentence (a comma's pause) or where a new clause opens
// with a conjunction; cutting there never leaves a phrase cut mid-clause.
import type { SourceModel } from './source.js';

/** A pause inside a sentence at least this long (s) ends a clause (speech pauses at commas). */
const CLAUSE_PAUSE = 0.12;
/** Words that open a new clause. */
const OPENERS = new Set(['and', 'but', 'because', 'so', 'which', 'while', 'when', 'if', 'or', 'although', 'though', 'until', 'since', 'whereas']);
/** Conjunctions that join two whole clauses. */
const COORDINATING = new Set(['and', 'but', 'so']);
/** Shortest clause (words) worth a cut. */
const MIN_CLAUSE = 4;

/** Word spans [a, b] (inclusive) inside [first, end): whole sentences, their first clauses and their clauses. */
export function clauseSpans(src: SourceModel, first: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  if (first >= end) return out;
  for (let s = src.sentenceOf[first]; s <= src.sentenceOf[end - 1]; s++) {
    const a = Math.max(first, src.sentences[s].first);
    const b = Math.min(end - 1, src.sentences[s].last);
    out.push([a, b]);
    const splits: number[] = [];
    for (let k = a + MIN_CLAUSE; k <= b - MIN_CLAUSE + 1; k++) {
      const pause = src.words[k].start - src.words[k - 1].end;
      if (pause >= CLAUSE_PAUSE || OPENERS.has(src.words[k].token)) splits.push(k);
    }
    const edges = [a, ...splits, b + 1];
    for (let i = 1; i + 1 < edges.length; i++) {
      out.push([a, edges[i] - 1]); // the sentence up to a clause end
      // A later clause stands alone only when "and", "but" or "so" joined it: "and we went back"
      // is "we went back"; "because of the bridge" or "will taste like..." are fragments.
      if (COORDINATING.has(src.words[edges[i]].token)) out.push([edges[i], edges[i + 1] - 1]);
    }
  }
  return out;
}

/** A word as it may appear in a title: the recogniser's spelling without surrounding punctuation. */
export const bare = (display: string) => display.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** How telling the words `kept` are (0..1 about): their TF-IDF weights, capped, against their number. */
export function telling(src: SourceModel, kept: number[]): number {
  const content = kept.filter((i) => src.stems[i]);
  return content.reduce((s, i) => s + Math.min(3, src.corpus.idf(src.stems[i])), 0) / Math.sqrt(content.length + 2) / 3;
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);

/** True when `text` is, or nearly is (70% of the words shared), a title already given in this job. */
export function usedAlready(text: string, used: Set<string>): boolean {
  if (used.has(text.toLowerCase())) return true;
  const mine = wordsOf(text);
  for (const u of used) {
    const theirs = wordsOf(u);
    const shared = [...mine].filter((w) => theirs.has(w)).length;
    if (shared / Math.max(1, Math.min(mine.size, theirs.size)) >= 0.7) return true;
  }
  return false;
}
