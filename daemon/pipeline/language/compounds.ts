// Words as units of meaning: WordNet's compounds joined ("stage fright" is one thing, a kind of
// fear; "electric car" is a car), hyphenated words it knows kept whole ("plug-in"), stop words and
// fillers out. Synchronous: WordNet must be loaded.
import { isContentWord } from './tokens.js';
import { wordNet, type WordNetPos } from './wordnet.js';

const COMPOUND_POS: WordNetPos[] = ['noun', 'verb', 'adj'];

/** True when WordNet has `lemma` ("stage_fright", "plug-in"). */
export function isLemma(lemma: string): boolean {
  const wn = wordNet();
  return COMPOUND_POS.some((p) => wn.senseList(lemma, p).offsets.length > 0) || wn.senseList(lemma, 'adv').offsets.length > 0;
}

/** Plural compounds: "index funds" -> "index_fund". */
function compoundOf(a: string, b: string): string | null {
  for (const last of [b, b.replace(/s$/, ''), b.replace(/es$/, '')]) {
    const c = `${a}_${last}`;
    if (last.length > 1 && isLemma(c)) return c;
  }
  return null;
}

/**
 * The meaning word at each position of a token list: a compound for its first word, null for its
 * second word and for function words, else the token. `language` other than English: tokens as
 * they are (WordNet is English).
 */
export function meaningWords(tokens: string[], language = 'en'): (string | null)[] {
  const out: (string | null)[] = tokens.map((t) => (isContentWord(t, language) ? t : null));
  if (language !== 'en' || !wordNet().loaded) return out;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!out[i] || !out[i + 1]) continue;
    const c = compoundOf(tokens[i], tokens[i + 1]);
    if (c) {
      out[i] = c;
      out[i + 1] = null;
      i++;
    }
  }
  return out;
}

/** Meaning words of a free text (a request): hyphenated lemmas whole, compounds joined. */
export function meaningWordsOf(text: string, language = 'en'): string[] {
  const raw = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  const tokens: string[] = [];
  for (const r of raw.map((t) => t.replace(/’/g, "'"))) {
    if (r.includes('-') && language === 'en' && isLemma(r)) tokens.push(r);
    else tokens.push(...r.split('-').filter(Boolean));
  }
  return meaningWords(tokens, language).filter((w): w is string => w !== null && (w.includes('-') || w.includes('_') || isContentWord(w, language)));
}
