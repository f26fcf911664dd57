// The noun phrases a clip's title may be when none of its sentences reads as a headline
// (title-phrases.ts): a head noun with what modifies it, found by the tagger in a run of words the
// recogniser was sure of: its determiner, adjectives and nouns before it ("a working machine"),
// then a prepositional phrase ("a summer on the lake") or a short relative clause ("the alarm
// that never rang"). Never headed by a pronoun ("us", "everyone") or an ordinal ("the first"); a
// head that says little alone ("thing", "people", a time) is weak unless something attaches to it.
import { tagTokens } from './title-tags.js';

/** A phrase of a run: its words [from, to] (inclusive, positions in the run) and its head noun. */
export interface NounPhrase {
  from: number;
  to: number;
  head: number;
  /** A time or a general head with nothing attached ("the first six weeks"): a title only when nothing better is found. */
  weak?: boolean;
}

const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'every', 'each', 'no', 'some', 'another', 'my', 'your', 'his', 'her', 'our', 'their', 'its']);
/** Prepositions that attach a phrase to a noun ("for" and "during" mostly attach to the verb: "for weeks"). */
const PREPOSITIONS = new Set(['of', 'on', 'in', 'at', 'about', 'from', 'with', 'without', 'after', 'before', 'under', 'behind', 'near', 'across', 'over', 'into', 'through', 'around', 'between']);
const RELATIVES = new Set(['that', 'who', 'which', 'where']);
/** Pronouns and ordinals the tagger may call nouns: never a head ("the first" of what?). */
const STANDING = new Set(['first', 'second', 'third', 'last', 'next', 'other', 'same', 'one', 'ones', 'everyone', 'everybody', 'nobody', 'somebody', 'someone', 'anyone', 'anybody', 'something', 'anything', 'nothing', 'everything', 'i', 'us', 'he', 'it']);
/** Heads too general to carry a title alone, and times ("every single morning" is when): what attaches to them may make them one. */
const GENERIC = new Set(['thing', 'things', 'stuff', 'lot', 'lots', 'bit', 'kind', 'sort', 'way', 'people', 'person', 'guy', 'guys', 'part', 'fact', 'point', 'time', 'times']);
const TIMES = /^(morning|evening|night|day|week|weekend|month|year|summer|winter|spring|autumn|today|tonight|hour|minute|second|moment)s?$/;
const NOUN = /^(NN|NNS|NNP|NNPS)$/;
const MODIFIER = /^(JJ|JJR|JJS|NN|NNS|NNP|NNPS|CD|VBG|VBN)$/;
const FINITE = /^(VBD|VBZ|VBP)$/;
const MOST = /^(most|least)$/;
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
  while (k < t.length && (MODIFIER.test(t[k].tag) || MOST.test(t[k].word)) && !t[k].word.includes("'")) {
    // "the most underrated place": "most" or "least" grades the adjective after it.
    if (MOST.test(t[k].word) && !/^(JJ|VBN)/.test(t[k + 1]?.tag ?? '')) break;
    // A participle modifies only after a determiner or an adjective ("a working machine", not "people learning").
    if (/^VB/.test(t[k].tag) && k > i && !/^(DT|JJ|PRP\$|CD)/.test(t[k - 1].tag) && !MOST.test(t[k - 1].word)) break;
    if (NOUN.test(t[k].tag)) head = k;
    // A plural noun or a time ends its phrase: "every single morning parents with babies people" is three.
    if ((t[k].tag === 'NNS' || TIMES.test(t[k].word)) && head >= 0) break;
    k++;
  }
  return head >= i && !STANDING.has(t[head].word) ? { from: i, to: head, head } : null;
}

/** Does a phrase headed by `word` need more than its head to say something ("a summer" on the lake, "the best summers" we ever had)? */
export const weakHead = (word: string): boolean => GENERIC.has(word) || TIMES.test(word) || STANDING.has(word);
const weak = (t: Tagged[], c: NounPhrase) => weakHead(t[c.head].word);

/**
 * The relative clause after a phrase ("that never rang", "who sold the house"; without "that"
 * after a superlative or "first", "last", "only": "the best summers we ever had"): its last word, or -1.
 */
function relative(t: Tagged[], c: NounPhrase): number {
  let k = c.to + 1;
  const ranked = t.slice(c.from, c.to + 1).some((x) => x.tag === 'JJS' || ['first', 'last', 'only'].includes(x.word));
  if (RELATIVES.has(t[k]?.word ?? '')) k++;
  else if (t[k]?.tag !== 'PRP' || !ranked) return -1;
  else k++;
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
    const r = c ? relative(t, c) : -1;
    if (c && r > 0) out.push({ ...c, to: r });
    if (!c) continue;
    out.push(weak(t, c) ? { ...c, weak: true } : c);
    // The attached phrase has more than a singular noun ("on the lake", "with babies", "of advice"; "on purpose" is an adverb).
    const after = core(t, c.to + 2);
    const full = after && (after.to > after.from || t[after.head].tag === 'NNS' || t[c.to + 1].word === 'of');
    if (PREPOSITIONS.has(t[c.to + 1]?.word ?? '') && after && full) {
      out.push({ ...c, to: after.to });
      // "the size of the bell" may take one more "of ..." ("the edge of the roof of the barn" is too much).
      const further = core(t, after.to + 2);
      if (t[after.to + 1]?.word === 'of' && further) out.push({ ...c, to: further.to });
    }
  }
  return out.filter((p) => p.to - p.from + 1 <= MAX_WORDS);
}
