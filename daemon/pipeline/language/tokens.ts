// Word tokens and stop words for recognised speech. Recognisers differ: pocketsphinx gives bare
// lowercase words plus markers (`<s>`, `<sil>`, `[NOISE]`) and alternates (`word(2)`); whisper.cpp
// gives cased words with punctuation attached. Everything downstream sees the same clean tokens.
import { loadStopwords } from './natural.js';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Hesitations and back-channel sounds of spontaneous speech: never content, never a title. */
const FILLERS = new Set(['um', 'uh', 'er', 'erm', 'ah', 'hmm', 'mm', 'mhm', 'uhm', 'yeah', 'okay', 'ok', 'oh']);

/** True for hesitation sounds ("um", "uh") and back-channel words ("yeah", "okay"). */
export const isFiller = (word: string): boolean => FILLERS.has(word.toLowerCase());

/** Lowercase word tokens of a text (apostrophes kept inside words: "don't", "you're"). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((t) => t.replace(/’/g, "'"));
}

/**
 * The clean form of one recognised word, or '' for a non-word: recogniser markers
 * (`<s>`, `</s>`, `<sil>`, `[NOISE]`, `++GARBAGE++`) and empty strings.
 */
export function normalizeWord(raw: string): string {
  const text = raw.trim();
  if (/^(<[^>]*>|\[[^\]]*\]|\+\+.*\+\+)$/.test(text)) return '';
  return tokenize(text.replace(/\(\d+\)$/, '')).join('');
}

const stopSets = new Map<string, Set<string>>();

function stopSet(language: string): Set<string> {
  let set = stopSets.get(language);
  if (!set) {
    set = new Set(loadStopwords(language));
    stopSets.set(language, set);
  }
  return set;
}

/** True for function words (natural's list for the language), their contractions, and fillers. */
export function isStopWord(word: string, language = 'en'): boolean {
  const w = word.toLowerCase();
  if (FILLERS.has(w)) return true;
  const set = stopSet(language);
  if (set.has(w)) return true;
  // "you're", "don't", "it's": a contraction of a function word is itself a function word.
  const apostrophe = w.indexOf("'");
  return apostrophe > 0 && (set.has(w.slice(0, apostrophe)) || w.endsWith("n't"));
}

/** A token that carries meaning: not a stop word, a filler, or a lone character. */
export function isContentWord(word: string, language = 'en'): boolean {
  return (word.length > 1 || /\d/.test(word)) && !isStopWord(word, language);
}

/** Content tokens of a text, in order. */
export function contentTokens(text: string, language = 'en'): string[] {
  return tokenize(text).filter((t) => isContentWord(t, language));
}
