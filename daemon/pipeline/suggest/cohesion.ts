// What two stretches of talk share, for topic segmentation (topics.ts): each word stands for its
// stem, its most likely senses and their near hypernyms, so a passage about a puppy and one about
// dogs cohere although they share no word (issue 20, item 2: "lexical cohesion over lemmas and
// WordNet relations"). Hypernyms further up than two steps are left out: every noun is an entity.
import { ancestors } from '../language/meaning.js';
import { weightedSenses } from '../language/senses.js';
import { wordNet } from '../language/wordnet.js';

export type Features = Map<string, number>;

const SENSE = 0.7;
const HYPERNYM = [0, 0.35, 0.2];
const cache = new Map<string, Features>();

/** Features of one meaning word (a compound or a token) whose stem is `stemmed`. */
export function wordFeatures(word: string, stemmed: string): Features {
  let f = cache.get(word);
  if (f) return f;
  f = new Map([[`s:${stemmed}`, 1]]);
  if (wordNet().loaded) {
    for (const [key, p] of weightedSenses(word, 2)) f.set(key, (f.get(key) ?? 0) + SENSE * p);
    for (const [key, depth] of ancestors(word)) if (depth < HYPERNYM.length) f.set(key, Math.max(f.get(key) ?? 0, HYPERNYM[depth]));
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(word, f);
  return f;
}

/** Adds `weight` times `f` into `into`. */
export function addFeatures(into: Features, f: Features, weight = 1): void {
  for (const [k, v] of f) into.set(k, (into.get(k) ?? 0) + v * weight);
}

export function cosine(a: Features, b: Features): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, x] of a) {
    na += x * x;
    const y = b.get(k);
    if (y) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
