// How much a passage is about the request (issue 20, item 1: "score a whole topic passage
// against the whole request, so that a passage that is about the request outranks one that
// merely repeats two of its words"). Two sides, combined as an F-measure:
//   - recall: each of the request's words (aspects) is covered by words of the passage related
//     to it, counted per hundred words and saturating; aspects weigh by how specific they are, and
//     a weighted geometric mean lets a passage that misses one aspect entirely fall behind;
//   - precision: the share of the passage's words (weighted by how distinctive they are in the
//     video) related to the request. Here a word of the request itself counts for its share of the
//     request only (1 / the number of its words): a passage about something says it in many words
//     of its own (synonyms, kinds of it, words its definition uses), while one that merely
//     repeats two of the request's words is about something else. Measured on the evaluation set
//     (eval/, npm run eval): counting them fully, the distractor won every talk.
// Prefix sums per aspect make any word range O(aspects).
import { meaningWords } from '../language/compounds.js';
import { isLiteral, Relatedness, specificity } from '../language/relatedness.js';
import { soundsAlike } from '../language/phonetic.js';
import { stem } from '../language/stem.js';
import { headOf } from '../language/word-parts.js';
import type { SourceModel } from './source.js';

/** Relatedness below this is noise (chance overlaps of definitions). */
const NOISE = 0.15;
/** Related words per hundred at which an aspect is 63% covered. */
const COVERED = 4;
/** Floor of an aspect's coverage in the geometric mean (a missing aspect costs, but not all). */
const FLOOR = 0.05;
/** Content words a range is counted over at least (a few words say little about a topic). */
const MIN_WORDS = 20;

export class Aboutness {
  readonly aspects: string[];
  private readonly weights: number[];
  private readonly coverage: Float64Array[];
  private readonly content: Float64Array;
  private readonly idf: Float64Array;
  private readonly related: Float64Array;
  /** Per word: the aspect it relates to most (by weight) and how strongly (for reasons and titles). */
  readonly best: { aspect: number; value: number }[];
  /** Per word: matched as a sound-alike of that aspect (a recognition error). */
  readonly bySound: boolean[];

  /** `roles`: per aspect, how much it names the subject (criteria.ts coreOf); all 1 by default. */
  constructor(src: SourceModel, aspects: string[], roles: number[] = aspects.map(() => 1)) {
    const n = src.words.length;
    const meaning = meaningWords(src.words.map((w) => w.token), src.language);
    const model = new Relatedness();
    this.aspects = aspects;
    this.weights = aspects.map((q, k) => roles[k] * specificity(stem(headOf(q))));
    const top = Math.max(1e-9, ...this.weights);
    this.coverage = aspects.map(() => new Float64Array(n + 1));
    this.content = new Float64Array(n + 1);
    this.idf = new Float64Array(n + 1);
    this.related = new Float64Array(n + 1);
    this.best = new Array(n);
    this.bySound = new Array(n).fill(false);
    // Words said all through the video (a speaker's habits) say little about one passage: every
    // count is weighted by how distinctive the word is here, relative to the video's average.
    const idfs = src.stems.map((s, i) => (meaning[i] && s ? src.corpus.idf(s) : 0));
    const present = idfs.filter((x) => x > 0);
    const meanIdf = present.length ? present.reduce((a, b) => a + b, 0) / present.length : 1;
    const repeated = 1 / Math.max(1, aspects.length);
    for (let i = 0; i < n; i++) {
      const m = meaning[i];
      const s = src.stems[i];
      const w = idfs[i];
      let strongest = 0;
      let which = -1;
      let raw = 0;
      let heard = false;
      aspects.forEach((q, k) => {
        let r = m ? model.related(q, m) : 0;
        let literal = m !== null && isLiteral(q, m);
        let sound = false;
        // A misrecognised word ("prizing" for "pricing") counts as the word it sounds like.
        if (!literal && s && s.length >= 3 && soundsAlike(s, stem(q))) [r, literal, sound] = [1, true, true];
        if (r < NOISE) r = 0;
        this.coverage[k][i + 1] = this.coverage[k][i] + (r * w) / meanIdf;
        const about = ((literal ? repeated : r) * this.weights[k]) / top;
        if (about > strongest || (which < 0 && r > 0)) [strongest, which, raw, heard] = [about, k, r, sound];
      });
      this.content[i + 1] = this.content[i] + (m ? 1 : 0);
      this.idf[i + 1] = this.idf[i] + w;
      this.related[i + 1] = this.related[i] + w * strongest;
      this.best[i] = { aspect: which, value: raw };
      this.bySound[i] = heard;
    }
  }

  /** Coverage 0..1 of each aspect in words [first, end). */
  aspectCoverage(first: number, end: number): number[] {
    const words = Math.max(MIN_WORDS, this.content[end] - this.content[first]);
    return this.coverage.map((p) => 1 - Math.exp(-((p[end] - p[first]) * 100) / words / COVERED));
  }

  /** How much words [first, end) are about the request, 0..1. */
  score(first: number, end: number): number {
    if (!this.aspects.length || end <= first) return 0;
    const cover = this.aspectCoverage(first, end);
    const total = this.weights.reduce((a, b) => a + b, 0);
    const recall = Math.exp(this.weights.reduce((s, w, k) => s + w * Math.log(FLOOR + cover[k]), 0) / total);
    const mass = this.idf[end] - this.idf[first];
    const precision = mass > 0 ? (this.related[end] - this.related[first]) / mass : 0;
    return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  }
}
