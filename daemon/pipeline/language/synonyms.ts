// Words related to a word through WordNet, each with a weight in 0..1 saying how safely it stands in
// for the word. WordNet senses run from most to least frequent, so later senses weigh less; links
// beyond plain synonyms (similar-to adjectives, derived forms, hypernyms, hyponyms) are followed only
// from the first sense, because from rare senses they wander ("funny" -> "ill" via its 4th sense).
import { lemmas } from './lemma.js';
import { wordNet, type WordNetSynset } from './wordnet.js';

export type Relation = 'word' | 'inflection' | 'synonym' | 'similar' | 'derived' | 'hypernym' | 'hyponym';

export interface RelatedWord {
  word: string;
  weight: number;
  via: Relation;
}

/** Weights per relation (first sense); synonyms of later senses decay by SENSE_DECAY per rank. */
export const RELATION_WEIGHTS: Record<Relation, number> = {
  word: 1, inflection: 0.95, synonym: 0.85, similar: 0.55, derived: 0.6, hypernym: 0.4, hyponym: 0.45,
};
const SENSE_DECAY = 0.7;
const MAX_SENSES = 3;
/** Caps on how many words one broad link may add (a head adjective can have dozens of satellites). */
const MAX_SIMILAR = 30;
const MAX_HYPONYMS = 30;

const cache = new Map<string, Promise<RelatedWord[]>>();

/** Related words of `word` (itself first), strongest weight per word, cached per process. */
export function relatedWords(word: string): Promise<RelatedWord[]> {
  const w = word.toLowerCase();
  let hit = cache.get(w);
  if (!hit) {
    hit = collect(w);
    cache.set(w, hit);
  }
  return hit;
}

async function collect(word: string): Promise<RelatedWord[]> {
  const wn = wordNet();
  const out = new Map<string, RelatedWord>();
  const add = (raw: string, weight: number, via: Relation) => {
    const w = cleanLemma(raw);
    if (!w) return;
    const prev = out.get(w);
    if (!prev || prev.weight < weight) out.set(w, { word: w, weight, via });
  };
  add(word, RELATION_WEIGHTS.word, 'word');

  for (const { lemma, pos } of await lemmas(word)) {
    add(lemma, RELATION_WEIGHTS.inflection, 'inflection');
    const senses = (await wn.synsets(lemma, pos)).slice(0, MAX_SENSES);
    senses.forEach((synset, rank) => {
      for (const s of synset.synonyms) add(s, RELATION_WEIGHTS.synonym * SENSE_DECAY ** rank, 'synonym');
    });
    const first = senses[0];
    if (!first) continue;
    for (const [w, weight, via] of await firstSenseLinks(first, lemma)) add(w, weight, via);
  }
  return [...out.values()].sort((a, b) => b.weight - a.weight || a.word.localeCompare(b.word));
}

/** Similar-to, derivational, hypernym and hyponym neighbours of a word's first sense. */
async function firstSenseLinks(synset: WordNetSynset, lemma: string): Promise<[string, number, Relation][]> {
  const wn = wordNet();
  const out: [string, number, Relation][] = [];
  const targets = async (symbol: string, from = synset) =>
    (await Promise.all(from.ptrs.filter((p) => p.pointerSymbol === symbol).map((p) => wn.synset(p.synsetOffset, p.pos))))
      .filter((r): r is WordNetSynset => r !== null);

  // Adjectives: a satellite ("amusing, funny") points to its head ("humorous"), whose other
  // satellites ("hilarious", "witty") are the near-synonyms a speaker actually says.
  for (const head of await targets('&')) {
    for (const s of head.synonyms) out.push([s, RELATION_WEIGHTS.similar, 'similar']);
    if (synset.pos === 's') {
      const siblings = (await targets('&', head)).slice(0, MAX_SIMILAR);
      for (const sib of siblings) for (const s of sib.synonyms) out.push([s, RELATION_WEIGHTS.similar * 0.9, 'similar']);
    }
  }
  // Derivationally related forms of this very word ("cost" n -> "cost" v, "price" -> "pricy").
  const own = synset.synonyms.findIndex((s) => s.toLowerCase() === lemma) + 1;
  for (const p of synset.ptrs) {
    if (p.pointerSymbol !== '+' || parseInt(p.sourceTarget.slice(0, 2), 16) !== own) continue;
    const target = await wn.synset(p.synsetOffset, p.pos);
    const word = target?.synonyms[parseInt(p.sourceTarget.slice(2), 16) - 1];
    if (word) out.push([word, RELATION_WEIGHTS.derived, 'derived']);
  }
  if (synset.pos === 'n') {
    for (const h of await targets('@')) for (const s of h.synonyms) out.push([s, RELATION_WEIGHTS.hypernym, 'hypernym']);
    for (const h of (await targets('~')).slice(0, MAX_HYPONYMS)) for (const s of h.synonyms) out.push([s, RELATION_WEIGHTS.hyponym, 'hyponym']);
  }
  return out;
}

/** WordNet spellings to plain words: "screaming(a)" -> "screaming"; multi-word lemmas are skipped. */
function cleanLemma(raw: string): string | null {
  const w = raw.toLowerCase().replace(/\([a-z]+\)$/, '');
  return /^[a-z][a-z'-]*$/.test(w) ? w : null;
}
