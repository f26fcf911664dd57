// Relatedness of a request's words to the words of one video (issue 20, item 1), 0..1: the word
// itself is 1, then synonyms, derived forms, kinds of it, words its definition shares.
import { GLOSS_FREQUENCIES, GLOSS_MIN } from './gloss-frequencies.js';
import { stem } from './stem.js';
import { wordVectorsNow } from './word-vectors.js';
import { partsOf } from './word-parts.js';
import { ancestors, directLinks, glossBag, rootDepth } from './meaning.js';
import { weightedSenses } from './senses.js';

const glossFrequency = new Map(Object.entries(GLOSS_FREQUENCIES));

/**
 * How specific a stem is: the inverse of how many of WordNet's definitions use it ("have" and
 * "person" are in thousands, "audience" in few). Issue 20: "weight by how specific a sense is".
 */
export function specificity(stemmed: string): number {
  return Math.max(0, Math.log(GENERIC / (1 + (glossFrequency.get(stemmed) ?? GLOSS_MIN / 2))));
}

/** A stem in this many definitions or more says nothing specific ("have", "person", "small", "line"). */
const GENERIC = 1000;

/** Strongest relatedness from overlapping definitions alone. */
const GLOSS_MAX = 0.6;
/** Overlap (in specificity-weighted shared stems) at which definitions count for 63% of GLOSS_MAX. */
const GLOSS_SCALE = 4;
/** is-a: a kind of the request's word (0.8, less per step), or the request's word a kind of it (0.5). */
const KIND_OF = 0.8;
const KIND_DECAY = 0.93;
const GENERAL_OF = 0.5;
const GENERAL_DECAY = 0.8;
/** is-a counts only below this many steps from the top ("whole", "object", "act" are above). */
const SPECIFIC_DEPTH = 5;

/** The request's own word (any inflection of it). */
export const isLiteral = (q: string, w: string): boolean => q === w || stem(q) === stem(w);

/**
 * Word vectors (GloVe, word-vectors.ts) relate words that are used alike, which WordNet's links
 * miss ("coffee" and "breakfast" 0.55, "pension" and "retirement" 0.66 after the file's
 * post-processing): from a cosine of VECTOR_FROM, rising by 1 per VECTOR_SPAN, at most VECTOR_MAX
 * (an is-a link's level). Chosen on the evaluation set's 86 requests (eval/sweep.ts; figures in
 * issue 20's closing note): passages asked for in other words came first more often, and the
 * designed distractors did not win more often.
 */
const VECTOR_FROM = 0.4;
const VECTOR_SPAN = 0.2;
const VECTOR_MAX = 0.8;

function usage(q: string, w: string): number {
  const vectors = wordVectorsNow();
  if (!vectors) return 0;
  const cos = Math.max(...partsOf(q).map((part) => vectors.similarity(part, w)));
  return Math.min(VECTOR_MAX, Math.max(0, (cos - VECTOR_FROM) / VECTOR_SPAN));
}

export class Relatedness {
  private readonly cache = new Map<string, number>();

  /** Relatedness 0..1 of a request word `q` and a video word `w` (compounds as "stage_fright"). */
  related(q: string, w: string): number {
    const id = `${q}\u0000${w}`;
    let r = this.cache.get(id);
    if (r === undefined) {
      r = isLiteral(q, w) ? 1 : Math.max(this.linked(q, w), this.kindOf(q, w), this.defined(q, w), usage(q, w));
      this.cache.set(id, r);
    }
    return r;
  }

  /** A shared sense, or a sense of one directly linked to a sense of the other. */
  private linked(q: string, w: string): number {
    const [a, b] = [directLinks(q), directLinks(w)];
    const [small, large] = a.size < b.size ? [a, b] : [b, a];
    let best = 0;
    for (const [k, x] of small) {
      const y = large.get(k);
      // Both at a sense of their own: the same meaning. One a step away: a link, a little less.
      if (y) best = Math.max(best, Math.min(x, y) * (Math.max(x, y) >= 0.85 ? 1 : 0.8));
    }
    return best;
  }

  private kindOf(q: string, w: string): number {
    let best = 0;
    const up = ancestors(w);
    for (const k of weightedSenses(q, 2).keys()) {
      const d = up.get(k);
      if (d !== undefined && (k[0] !== 'n' || rootDepth(k) >= SPECIFIC_DEPTH)) best = Math.max(best, KIND_OF * KIND_DECAY ** (d - 1));
    }
    const down = ancestors(q);
    for (const k of weightedSenses(w, 2).keys()) {
      const d = down.get(k);
      if (d !== undefined && (k[0] !== 'n' || rootDepth(k) >= SPECIFIC_DEPTH)) best = Math.max(best, GENERAL_OF * GENERAL_DECAY ** (d - 1));
    }
    return best;
  }

  /** Overlap of the extended definitions, normalised for their sizes (long ones overlap by chance). */
  private defined(q: string, w: string): number {
    const [a, b] = [glossBag(q), glossBag(w)];
    const [small, large] = a.size < b.size ? [a, b] : [b, a];
    let overlap = 0;
    for (const [s, x] of small) {
      const y = large.get(s);
      if (y) overlap += Math.min(x, y) * specificity(s);
    }
    overlap /= Math.sqrt(Math.sqrt(a.size * b.size)) / 3;
    return GLOSS_MAX * (1 - Math.exp(-overlap / GLOSS_SCALE));
  }
}
