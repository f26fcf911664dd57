// The noun phrases a clip's title may be when none of its sentences reads as a headline
// (title-phrases.ts): a head noun with what modifies it, found by the tagger in a run of words the
// recogniser was sure of: its determiner, adjectives and nouns before it ("a working machine"),
// then a prepositional phrase ("a summer on the lake") or a short relative clause ("the alarm
// that never rang"). Never a pronoun ("us", "he") and never a head that says nothing on its own
// ("thing", "people", "everyone").
import { tagTokens } from './title-tags.js';

/** A phrase of a run: its words [from, to] (inclusive, positions in the run) and its head noun. */
export interface NounPhrase {
  from: number;
  to: number;
  head: number;
}

const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'every', 'each', 'no', 'some', 'another', 'my', 'your', 'his', 'her', 'our', 'their', 'its']);
/** Prepositions that attach a phrase to a noun ("for" and "during" mostly attach to the verb: "for weeks"). */
const PREPOSITIONS = new Set(['of', 'on', 'in', 'at', 'about', 'from', 'with', 'without', 'after', 'before', 'under', 'behind', 'near', 'across', 'over', 'into', 'through', 'around', 'between']);
const RELATIVES = new Set(['that', 'who', 'which', 'where']);
/** Heads too general to carry a title, and the pronouns the tagger calls nouns. */
const GENERIC = new Set(['thing', 'things', 'stuff', 'lot', 'lots', 'bit', 'kind', 'sort', 'way', 'one', 'ones', 'people', 'person', 'everyone', 'everybody', 'nobody', 'somebody', 'someone', 'anyone', 'anybody', 'something', 'anything', 'nothing', 'everything', 'guy', 'guys', 'part', 'fact', 'point', 'time', 'times', 'i', 'us', 'he', 'it']);
const NOUN = /^(NN|NNS|NNP|NNPS)$/;
const MODIFIER = /^(JJ|JJR|JJS|NN|NNS|NNP|NNPS|CD|VBG|VBN)$/;
const FINITE = /^(VBD|VBZ|VBP)$/;
const PARTICLES = new Set(['up', 'out', 'off', 'down', 'over', 'back', 'away', 'around']);
/** Longest phrase (words). */
const MAX_WORDS = 9;

type Tagged = { word: string; tag: string };

/** Personal pronouns ("her" is left out: "her garden" is a noun phrase). */
const PRONOUNS = new Set(['i', 'me', 'you', 'he', 'him', 'she', 'it', 'we', 'us', 'they', 'them', 'myself', 'yourself', 'himself', 'herself', 'itself', 'ourselves', 'themselves']);

/** True when a phrase is or opens on a personal pronoun ("us", "he and his wife"). */
export const opensOnPronoun = (phrase: string): boolean => PRONOUNS.has(phrase.trim().toLowerCase().split(/\s+/)[0]);

/** The core phrase opening at `i`: an optional determiner, modifiers, and the last noun of them as its head. */
function core(t: Tagged[], i: number): NounPhrase | null {
  let k = i;
  if (k < t.length && (DETERMINERS.has(t[k].word) || t[k].tag === 'PRP$' || t[k].tag === 'CD')) k++;
  let head = -1;
  while (k < t.length && MODIFIER.test(t[k].tag) && !t[k].word.includes("'")) {
    if (NOUN.test(t[k].tag)) head = k;
    k++;
  }
  return head >= i && !GENERIC.has(t[head].word) ? { from: i, to: head, head } : null;
}

/** The relative clause after a head at `h` ("that never rang", "who sold the house"): its last word, or -1. */
function relative(t: Tagged[], h: number): number {
  let k = h + 1;
  if (!RELATIVES.has(t[k]?.word ?? '')) return -1;
  k++;
  if (t[k]?.tag === 'RB') k++;
  if (!FINITE.test(t[k]?.tag ?? '')) return -1;
  if (PARTICLES.has(t[k + 1]?.word ?? '')) return k + 1;
  const object = core(t, k + 1);
  return object ? object.to : k;
}

/** Every noun phrase of a run of words (lowercase tokens), with its modifiers and one attachment. */
export function nounPhrases(tokens: string[]): NounPhrase[] {
  const t = tagTokens(tokens);
  const out: NounPhrase[] = [];
  for (let i = 0; i < t.length; i++) {
    const c = core(t, i);
    if (!c) continue;
    out.push(c);
    // The attached phrase has more than its noun ("on the lake", "of advice"; "on purpose" is an adverb).
    const after = core(t, c.to + 2);
    if (PREPOSITIONS.has(t[c.to + 1]?.word ?? '') && after && (after.to > after.from || t[c.to + 1].word === 'of')) {
      out.push({ ...c, to: after.to });
      // "the size of the bell" may take one more "of ..." ("the edge of the roof of the barn" is too much).
      const further = core(t, after.to + 2);
      if (t[after.to + 1]?.word === 'of' && further) out.push({ ...c, to: further.to });
    }
    const r = relative(t, c.to);
    if (r > 0) out.push({ ...c, to: r });
  }
  return out.filter((p) => p.to - p.from + 1 <= MAX_WORDS);
}
