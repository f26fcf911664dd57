// How well a passage says, in words of its own, each part of a request: a soft recall by word
// vectors (as BERTScore's recall, Zhang et al. 2020). For each of the request's meaning words, the
// mean cosine of the NEAREST passage words closest to it; the request's own words (any inflection,
// and the parts of its compounds: "old" and "age" of "old age") are left out of the passage, so a
// passage that repeats them gains nothing by it, while one about the request shows each part of it
// spread over its own words ("fuzz", "condensation", "fungus" for "black spots on the wall").
// Recognition errors cost little: one misheard word is one of many. The request's words weigh by
// their role and by how rare they are, a / (a + p) with p a word's share of text (Arora et al.
// 2017), from its frequency rank by Zipf's law.
import { isLiteral } from './relatedness.js';
import { wordVectorsNow } from './word-vectors.js';
import { headOf, partsOf } from './word-parts.js';

/** Passage words averaged per request word: more than one, so that no single chance neighbour decides. */
const NEAREST = 3;
/** Arora et al.'s a: words commoner than about one in 3,000 weigh less. */
const RARE = 3e-4;
/** Zipf's law: the word of frequency rank r is about 0.1 / r of text. */
const zipfShare = (rank: number) => 0.1 / (rank + 10);

/**
 * Soft recall 0..1 of the request's `aspects` (weighted by `roles`) by the passage's distinct
 * meaning words; 0 without word vectors.
 */
export function vectorRecall(aspects: string[], roles: number[], passage: Iterable<string>): number {
  const vectors = wordVectorsNow();
  if (!vectors || aspects.length === 0) return 0;
  const own: Float64Array[] = [];
  for (const w of new Set(passage)) {
    if (aspects.some((q) => isLiteral(q, w) || partsOf(q).some((part) => isLiteral(part, w)))) continue;
    const v = vectors.vectorOf(w);
    if (v) own.push(unit(v));
  }
  let sum = 0;
  let weights = 0;
  aspects.forEach((q, k) => {
    const v = vectors.vectorOf(q);
    const weight = roles[k] * (RARE / (RARE + zipfShare(vectors.rank(headOf(q)))));
    weights += weight;
    if (!v) return;
    const u = unit(v);
    const nearest = own.map((p) => dot(u, p)).sort((a, b) => b - a).slice(0, NEAREST);
    sum += (weight * nearest.reduce((a, b) => a + b, 0)) / NEAREST;
  });
  return weights > 0 ? Math.max(0, sum / weights) : 0;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d] * b[d];
  return s;
}

function unit(v: Float64Array): Float64Array {
  const n = Math.sqrt(dot(v, v)) || 1;
  return v.map((x) => x / n);
}
