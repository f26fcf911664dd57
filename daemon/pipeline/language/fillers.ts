// Filler words a render may cut (issue 29, item 5: "Filler words are a per-language list (a word
// that is filler in one language can be a word in another)"). One list per language, in this one
// module. Single words are hesitation sounds, cut wherever they are said. Phrases ("you know",
// "I mean") are also ordinary words ("do you know", "I mean it"), so they are cut only when set
// off: a comma after them or a pause around them (see isSetOff).
import { normalizeWord } from './tokens.js';

export interface FillerList {
  /** Hesitation sounds, lower case, as normalizeWord writes them. */
  words: readonly string[];
  /** Discourse phrases, lower case words. */
  phrases: readonly (readonly string[])[];
}

const phrases = (...p: string[]) => p.map((x) => x.split(' '));

/**
 * Per language (ISO 639-1). "so", "like", "well" are left out everywhere: they carry meaning too
 * often. "ben" is filler in French and a name in English; "eh" is filler in Spanish and Italian
 * only; "äh" in German only.
 */
export const FILLERS: Record<string, FillerList> = {
  en: { words: ['um', 'umm', 'uh', 'uhh', 'uhm', 'erm', 'er', 'ah', 'hmm', 'mm'], phrases: phrases('you know', 'i mean') },
  fr: { words: ['euh', 'heu', 'hum', 'bah', 'ben'], phrases: phrases('tu vois', 'tu sais', 'en fait', 'du coup') },
  de: { words: ['äh', 'ähm', 'öh', 'öhm', 'hm', 'hmm'], phrases: phrases('weißt du', 'na ja') },
  es: { words: ['eh', 'em', 'mmm'], phrases: phrases('o sea', 'es decir', 'este') },
  it: { words: ['ehm', 'eh', 'mmm', 'cioè'], phrases: phrases('diciamo', 'tipo') },
  pt: { words: ['hã', 'éh', 'ahn'], phrases: phrases('quer dizer', 'sabe', 'tipo') },
  nl: { words: ['eh', 'ehm', 'uh', 'uhm'], phrases: phrases('weet je', 'zeg maar') },
};

/** The list of a language tag (`en`, `en-US`, `fr_CA`); English for an unknown or automatic one. */
export function fillersOf(language: string): FillerList {
  return FILLERS[language.toLowerCase().split(/[-_]/)[0]] ?? FILLERS.en;
}

/** A pause around a phrase this long (s) sets it off as a filler. */
const SET_OFF_PAUSE = 0.15;

export interface FillerWord {
  text: string;
  start: number;
  end: number;
}

/** Index ranges [from, to] (inclusive) of the filler words and phrases among `words`. */
export function findFillers(words: readonly FillerWord[], language: string): Array<[number, number]> {
  const list = fillersOf(language);
  const single = new Set(list.words);
  const tokens = words.map((w) => normalizeWord(w.text));
  const found: Array<[number, number]> = [];
  for (let i = 0; i < words.length; i++) {
    if (single.has(tokens[i])) {
      found.push([i, i]);
      continue;
    }
    const phrase = list.phrases.find((p) => p.every((t, k) => tokens[i + k] === t));
    if (phrase && isSetOff(words, i, i + phrase.length - 1)) {
      found.push([i, i + phrase.length - 1]);
      i += phrase.length - 1;
    }
  }
  return found;
}

/** A phrase set off by a comma after it or a pause before or after it. */
function isSetOff(words: readonly FillerWord[], from: number, to: number): boolean {
  if (/,$/.test(words[to].text.trim())) return true;
  // At the clip's edges there is no pause to see: only the other side counts.
  const before = from === 0 ? 0 : words[from].start - words[from - 1].end;
  const after = to === words.length - 1 ? 0 : words[to + 1].start - words[to].end;
  return before >= SET_OFF_PAUSE || after >= SET_OFF_PAUSE;
}
