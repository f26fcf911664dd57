// What a whole passage is about, as one vector of the words that define its words (issue 20,
// item 1: "score a whole topic passage against the whole request ... so that a passage that is
// about the request outranks one that merely repeats two of its words").
//
// Each word stands for its extended definition (glossBag: its senses' lemmas and glosses and
// their neighbours'), each defining stem weighted by how specific it is among WordNet's
// definitions; a passage is the sum of its words' unit vectors, the request the sum of its
// meaning words' (second-order "gloss vectors", Patwardhan and Pedersen 2006). Where the word-by-
// word relatedness of aboutness.ts takes the strongest link of each word and so lets a few
// words the request itself uses decide, this adds up many weak signals ("espresso" is "strong
// black coffee", "coffee" is "a beverage", a "drink" is "a beverage") over the whole passage.
import { isLiteral, specificity } from './relatedness.js';
import { glossBag } from './meaning.js';
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';

export type GlossVector = Map<string, number>;

const vectors = new BoundedCache<string, GlossVector>(CACHE_LIMITS.perWordLarge);

/** The unit gloss vector of one meaning word ("espresso", "stage_fright"). */
export function glossVector(word: string): GlossVector {
  let v = vectors.get(word);
  if (v) return v;
  v = new Map();
  let norm = 0;
  for (const [s, x] of glossBag(word)) {
    // Square root: specific defining words count more, without one rare word deciding alone.
    const y = x * Math.sqrt(specificity(s));
    if (y <= 0) continue;
    v.set(s, y);
    norm += y * y;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [s, y] of v) v.set(s, y / norm);
  vectors.set(word, v);
  return v;
}

/** The request's vector: the sum of its meaning words', each times its weight (default 1). */
export function requestVector(aspects: string[], weights?: number[]): GlossVector {
  const out: GlossVector = new Map();
  aspects.forEach((q, k) => addInto(out, glossVector(q), weights?.[k] ?? 1));
  return out;
}

/**
 * A passage's vector from its meaning words and their weights (how distinctive each is in the
 * video). A word said n times counts sqrt(n) times (the passage's own vocabulary, not one
 * repeated word). The request's own words are left out: a passage shows it is about the request
 * in words of its own (aboutness.ts counts the request's words).
 */
export function passageVector(words: Array<{ word: string; weight: number }>, aspects: string[]): GlossVector {
  const counts = new Map<string, { n: number; weight: number }>();
  for (const { word, weight } of words) {
    const c = counts.get(word) ?? { n: 0, weight };
    c.n++;
    counts.set(word, c);
  }
  const out: GlossVector = new Map();
  for (const [word, c] of counts) if (!aspects.some((q) => isLiteral(q, word))) addInto(out, glossVector(word), Math.sqrt(c.n) * c.weight);
  return out;
}

function addInto(into: GlossVector, v: GlossVector, k: number): void {
  for (const [s, x] of v) into.set(s, (into.get(s) ?? 0) + x * k);
}
