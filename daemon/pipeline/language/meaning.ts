// How close two words are in meaning, offline, from WordNet (issue 20, item 1: "expand both sides
// through WordNet's relations and glosses ... derivational links between noun, verb and
// adjective, weight by how specific a sense is"). Three kinds of evidence, the strongest wins:
//   - a shared sense or a direct link: synonyms, derived forms (nervous -> nervousness),
//     similar adjectives, pertainyms, attributes, hypernyms and hyponyms, parts and wholes;
//   - is-a at any depth (a puppy is an animal), weaker the further apart;
//   - overlap of their extended definitions (Banerjee and Pedersen's extended gloss overlap):
//     the words defining each sense and its neighbours, weighted by how specific each defining
//     word is among the words compared ("stage fright": "fear of performing before an audience").
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';
import { stem } from './stem.js';
import { isStopWord } from './tokens.js';
import { definitionOf, lemmaWords, synsetOf, weightedSenses, type SynsetKey } from './senses.js';

/** Level of a direct link by WordNet pointer symbol (a shared sense is 0.9). */
const LINK: Record<string, number> = {
  '+': 0.75, '&': 0.75, '\\': 0.75, '<': 0.7, '=': 0.7, '^': 0.65, '@': 0.6, '@i': 0.6, '~': 0.6, '~i': 0.6, $: 0.6, '*': 0.55, '>': 0.55,
  '%m': 0.45, '%s': 0.45, '%p': 0.45, '#m': 0.45, '#s': 0.45, '#p': 0.45,
};
const SHARED_SENSE = 0.9;
/** Hyponyms followed per sense (a general word can have hundreds). */
const MAX_HYPONYMS = 30;
/** Depth of the hypernym chains followed for is-a. */
const MAX_DEPTH = 12;

type Bag = Map<string, number>;
const links = new BoundedCache<string, Map<SynsetKey, number>>(CACHE_LIMITS.perWordSmall);
const ups = new BoundedCache<string, Map<SynsetKey, number>>(CACHE_LIMITS.perWordSmall);
const bags = new BoundedCache<string, Bag>(CACHE_LIMITS.perWordLarge);

function bounded<V>(cache: BoundedCache<string, V>, key: string, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    cache.set(key, v);
  }
  return v;
}

/** The word's senses and the synsets one link away, each with its level (0..1). */
export function directLinks(word: string): Map<SynsetKey, number> {
  return bounded(links, word, () => {
    const out = new Map<SynsetKey, number>();
    const put = (k: SynsetKey, v: number) => (out.get(k) ?? 0) < v && out.set(k, v);
    for (const [key, p] of weightedSenses(word)) {
      const sense = Math.max(0.5, Math.min(1, p * 2)); // later senses count less
      put(key, SHARED_SENSE * sense);
      let hyponyms = 0;
      for (const ptr of synsetOf(key)?.ptrs ?? []) {
        const level = LINK[ptr.pointerSymbol];
        if (!level || (ptr.pointerSymbol.startsWith('~') && hyponyms++ >= MAX_HYPONYMS)) continue;
        put(`${ptr.pos === 's' ? 'a' : ptr.pos}:${ptr.synsetOffset}`, level * sense);
      }
    }
    return out;
  });
}

/** Hypernyms of the word's first two senses at any depth, with their distance. */
export function ancestors(word: string): Map<SynsetKey, number> {
  return bounded(ups, word, () => {
    const out = new Map<SynsetKey, number>();
    let frontier = [...weightedSenses(word, 2).keys()].filter((k) => k[0] === 'n' || k[0] === 'v');
    for (let depth = 1; depth <= MAX_DEPTH && frontier.length; depth++) {
      const next: SynsetKey[] = [];
      for (const k of frontier) {
        for (const p of synsetOf(k)?.ptrs ?? []) {
          const up = `${p.pos}:${p.synsetOffset}`;
          if ((p.pointerSymbol === '@' || p.pointerSymbol === '@i') && !out.has(up)) {
            out.set(up, depth);
            next.push(up);
          }
        }
      }
      frontier = next;
    }
    return out;
  });
}

const roots = new BoundedCache<SynsetKey, number>(CACHE_LIMITS.synsets);

/** Steps from a synset up to the top of its hierarchy ("entity" is 0, "dog" about 13). */
export function rootDepth(key: SynsetKey): number {
  let d = roots.get(key);
  if (d === undefined) {
    roots.set(key, 0); // a cycle guard while this one is being measured
    const ups = (synsetOf(key)?.ptrs ?? []).filter((p) => p.pointerSymbol === '@' || p.pointerSymbol === '@i');
    d = ups.length ? 1 + Math.max(...ups.map((p) => rootDepth(`${p.pos}:${p.synsetOffset}`))) : 0;
    roots.set(key, d);
  }
  return d;
}

const contentStems = (text: string) => (text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []).filter((w) => w.length > 2 && !isStopWord(w)).map((w) => stem(w));

/** Stems of the word's extended definition: its senses' lemmas and glosses, and their neighbours'. */
export function glossBag(word: string): Bag {
  return bounded(bags, word, () => {
    const out: Bag = new Map();
    for (const [key, p] of weightedSenses(word)) {
      const sense = new Map<string, number>();
      const add = (stems: string[], w: number) => stems.forEach((s) => (sense.get(s) ?? 0) < w && sense.set(s, w));
      const synset = synsetOf(key);
      if (!synset) continue;
      add(lemmaWords(synset).filter((w) => w.length > 2 && !isStopWord(w)).map((w) => stem(w)), 1);
      add(contentStems(definitionOf(synset)), 0.6);
      let hyponyms = 0;
      for (const ptr of synset.ptrs) {
        const level = LINK[ptr.pointerSymbol];
        if (!level || (ptr.pointerSymbol.startsWith('~') && hyponyms++ >= 12)) continue;
        const n = synsetOf(`${ptr.pos === 's' ? 'a' : ptr.pos}:${ptr.synsetOffset}`);
        if (!n) continue;
        add(lemmaWords(n).filter((w) => w.length > 2 && !isStopWord(w)).map((w) => stem(w)), level * 0.9);
        add(contentStems(definitionOf(n)), level * 0.5);
      }
      for (const [s, w] of sense) out.set(s, (out.get(s) ?? 0) + w * p);
    }
    const own = stem(word.split('_').pop() ?? word);
    out.set(own, Math.max(out.get(own) ?? 0, 1));
    return out;
  });
}
