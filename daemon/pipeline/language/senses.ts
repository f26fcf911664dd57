// The senses a word may have, weighted by how likely each is (issue 20, item 1: "weight by how
// specific a sense is"). WordNet lists a lemma's senses from the most to the least frequent, and
// says how many of the first were seen in its tagged corpus; the rest are rare. Weights decay by
// rank, tagged senses count a half more, and a word's weights over all parts of speech sum to 1.
// Synchronous: call `await wordNet().load()` first (prepareCriteria does).
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';
import { lemmasNow } from './lemma.js';
import { isStopWord } from './tokens.js';
import { wordNet, type WordNetPos, type WordNetSynset } from './wordnet.js';

/** A synset as a map key: "n:7536802" (adjective satellites share the adjectives' "a"). */
export type SynsetKey = string;

const LETTER: Record<string, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r', n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };
const FILE: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export const synsetKey = (offset: number, pos: string): SynsetKey => `${LETTER[pos] ?? pos}:${offset}`;

/** The synset behind a key (null when WordNet is not loaded or the key is unknown). */
export function synsetOf(key: SynsetKey): WordNetSynset | null {
  const colon = key.indexOf(':');
  return wordNet().synsetAt(Number(key.slice(colon + 1)), FILE[key.slice(0, colon)]);
}

/** Each later sense weighs this much of the one before it. */
const RANK_DECAY = 0.5;
/** A sense seen in WordNet's tagged corpus weighs this much more than one never seen. */
const TAGGED = 1.5;
/** A part of speech in which the word is a lemma as said weighs this much more. */
const AS_SAID = 2;

const cache = new BoundedCache<string, Map<SynsetKey, number>>(CACHE_LIMITS.perWordSmall);

/**
 * The first `max` senses of a word in each part of speech it has, with weights summing to 1
 * ("stage_fright" for a compound; inflected forms through WordNet's morphology).
 */
export function weightedSenses(word: string, max = 3): Map<SynsetKey, number> {
  const id = `${word}\u0000${max}`;
  let out = cache.get(id);
  if (out) return out;
  out = new Map();
  const wn = wordNet();
  let total = 0;
  const seen = new Set<WordNetPos>();
  for (const { lemma, pos } of lemmasNow(word)) {
    if (seen.has(pos)) continue; // the first base form found per part of speech ("leaves": leaf, not leave, as a noun)
    seen.add(pos);
    const { offsets, tagged } = wn.senseList(lemma, pos);
    // A word that is a lemma as it stands ("pricing", a noun) is more likely that than an
    // inflection of another part of speech ("pricing" of the verb "price").
    const surface = lemma === word ? AS_SAID : 1;
    offsets.slice(0, max).forEach((offset, rank) => {
      const w = surface * RANK_DECAY ** rank * (rank < tagged ? TAGGED : 1);
      const key = synsetKey(offset, pos);
      out!.set(key, (out!.get(key) ?? 0) + w);
      total += w;
    });
  }
  for (const [k, w] of out) out.set(k, w / total);
  cache.set(id, out);
  return out;
}

const posCache = new BoundedCache<string, WordNetPos | null>(CACHE_LIMITS.synsets);

/**
 * The part of speech a word most likely is, by how many of its senses in each were seen in
 * WordNet's tagged corpus (then how many senses it has): "cover" is mostly a verb, "pricing" a
 * noun. null for words WordNet does not know (names, most numbers) or before it is loaded.
 */
export function likelyPos(word: string): WordNetPos | null {
  let hit = posCache.get(word);
  if (hit === undefined) {
    const wn = wordNet();
    if (!wn.loaded) return null;
    let best: [WordNetPos | null, number] = [null, -1];
    const seen = new Set<WordNetPos>();
    for (const { lemma, pos } of lemmasNow(word)) {
      if (seen.has(pos)) continue;
      seen.add(pos);
      const { offsets, tagged } = wn.senseList(lemma, pos);
      const weight = tagged + 0.1 * offsets.length + (pos === 'noun' ? 0.05 : 0) + (lemma === word ? 0.5 : 0);
      if (weight > best[1]) best = [pos, weight];
    }
    hit = best[0];
    posCache.set(word, hit);
  }
  return hit;
}

/**
 * A word as a name is written, when WordNet knows it only as one ("madrid" -> "Madrid", "spanish"
 * -> "Spanish"): recognisers like pocketsphinx write everything in lower case. Other words, and
 * words already cased, stay as they are.
 */
export function properCase(word: string): string {
  if (!/^[a-z]{3,}$/.test(word) || isStopWord(word) || !wordNet().loaded) return word;
  const keys = [...weightedSenses(word, 4).keys()];
  if (!keys.length) return word;
  const spellings = keys.map((k) => synsetOf(k)?.synonyms.find((s) => s.toLowerCase() === word));
  return spellings.every((s) => s && /^[A-Z]/.test(s)) ? spellings[0]! : word;
}

/** Plain words of a synset's lemmas ("stage_fright" -> "stage", "fright"; "screaming(a)" -> "screaming"). */
export function lemmaWords(synset: WordNetSynset): string[] {
  return synset.synonyms.flatMap((s) => s.toLowerCase().replace(/\([a-z]+\)$/, '').split(/[_-]/)).filter((w) => /^[a-z]/.test(w));
}

/** The definition part of a gloss, without its quoted examples. */
export const definitionOf = (synset: WordNetSynset): string => synset.gloss.split(';')[0].replace(/"[^"]*"/g, '');
