// Relevance of a window of words to the criteria, in O(1) per window from prefix sums over words.
// Criteria given: each criteria term scores by how often it is matched (saturating) and how dense
// the matches are, averaged over the terms the video mentions at all. No topic in the criteria
// ("general highlights"): a window scores by how focused it is, i.e. how much it repeats words that
// are distinctive in this video (a passage that stays on one topic).
import { matchStem, type PreparedCriteria } from './criteria.js';
import type { SourceModel } from './source.js';

export interface TermMatch {
  word: string;
  via: string | null;
  bySound: boolean;
}

/** Matches per content word at which a window counts as fully about a term (about one a sentence). */
const DENSE = 0.15;

/** A repeated distinctive word counts for focus when said again within this many seconds. */
const FOCUS_SPAN = 45;

export class RelevanceModel {
  readonly mode: 'criteria' | 'general' | 'none';
  /** Criteria terms the video never matches (reported in the reason, left out of the average). */
  readonly unmatchedTerms: string[] = [];
  private readonly content = new Int32Array(0);
  private readonly termPrefix: Float64Array[] = [];
  private readonly focusPrefix = new Float64Array(0);
  private readonly perWord: (TermMatch | null)[] = [];

  constructor(private readonly src: SourceModel, criteria: PreparedCriteria) {
    const n = src.words.length;
    this.mode = n === 0 ? 'none' : criteria.general ? 'general' : 'criteria';
    if (this.mode === 'none') return;
    this.content = new Int32Array(n + 1);
    src.stems.forEach((s, i) => (this.content[i + 1] = this.content[i] + (s ? 1 : 0)));
    if (this.mode === 'criteria') {
      this.perWord = new Array(n).fill(null);
      for (const term of criteria.terms) {
        const byStem = new Map<string, ReturnType<typeof matchStem>>();
        const prefix = new Float64Array(n + 1);
        for (let i = 0; i < n; i++) {
          const s = src.stems[i];
          let m = s ? byStem.get(s) : undefined;
          if (s && !m) byStem.set(s, (m = matchStem(term, s)));
          const w = m?.weight ?? 0;
          prefix[i + 1] = prefix[i] + w;
          if (w > 0) this.perWord[i] ??= { word: src.words[i].token, via: m!.via, bySound: m!.bySound };
        }
        if (prefix[n] > 0) this.termPrefix.push(prefix);
        else this.unmatchedTerms.push(term.word);
      }
    } else {
      this.focusPrefix = new Float64Array(n + 1);
      const lastSeen = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const s = src.stems[i];
        const prev = s ? lastSeen.get(s) : undefined;
        const repeat = prev !== undefined && src.words[i].start - prev <= FOCUS_SPAN ? src.corpus.idf(s) : 0;
        if (s) lastSeen.set(s, src.words[i].start);
        this.focusPrefix[i + 1] = this.focusPrefix[i] + repeat;
      }
    }
  }

  /** Relevance 0..1 of words [first, end). */
  score(first: number, end: number): number {
    if (this.mode === 'none') return 0.5; // no words: relevance cannot be judged, so it is neutral
    const words = Math.max(this.content[end] - this.content[first], 20);
    if (this.mode === 'general') {
      const focus = (this.focusPrefix[end] - this.focusPrefix[first]) / words;
      return 1 - Math.exp(-focus / 0.6);
    }
    if (this.termPrefix.length === 0) return 0;
    let sum = 0;
    for (const p of this.termPrefix) {
      const m = p[end] - p[first];
      sum += 0.5 * (1 - Math.exp(-m / 3)) + 0.5 * Math.min(1, m / words / DENSE);
    }
    return sum / this.termPrefix.length;
  }

  /** True when word i matched a criteria term. */
  matchesAt(i: number): boolean {
    return this.perWord[i] != null;
  }

  /** The words of [first, end) that matched a criteria term. */
  matches(first: number, end: number): TermMatch[] {
    return this.perWord.slice(first, end).filter((m): m is TermMatch => m !== null);
  }
}
