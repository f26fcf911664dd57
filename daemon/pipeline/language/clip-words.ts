// A clip's words as the editor shows and saves them (issue 16, item 2: "The clip's words with
// punctuation and sentence case, editable in place"; DESIGN.md "Second round": PUT
// /v1/clips/:clipId/transcript, "corrected words are what captions, titles, drafts and renders use
// from then on"). Pure functions: the clip service stores what they return.
import type { Word } from '../types.js';
import { isQuestion } from './captions.js';
import { SENTENCE_PAUSE } from './sentences.js';

export interface Span {
  start: number;
  end: number;
}

/** Seconds a word may stick out of a span and still count as inside it (as wordsIn allows). */
const SLACK = 0.05;
const inside = (w: Word, span: Span) => w.start >= span.start - SLACK && w.end <= span.end + SLACK;

/**
 * The words of `span`: the corrected words where a correction covers the time, the recogniser's
 * elsewhere (a clip trimmed wider than its correction gets recognised words at its new edges).
 */
export function spanWords(recognised: Word[], edit: { start: number; end: number; words: Word[] } | undefined, span: Span): Word[] {
  if (!edit) return recognised.filter((w) => inside(w, span));
  const outsideEdit = recognised.filter((w) => inside(w, span) && (w.end <= edit.start + SLACK || w.start >= edit.end - SLACK));
  return [...edit.words.filter((w) => inside(w, span)), ...outsideEdit].sort((a, b) => a.start - b.start);
}

const END_MARK = /[.?!…]["')\]]*$/;
const cased = (words: Word[]) => words.some((w) => /[A-Z]/.test(w.text) || /[.,?!]/.test(w.text));

/**
 * Recognised words written as sentences: the first word of each sentence capitalised, "i" as "I",
 * and an end mark ('?' for a question) on the last word of each. A sentence ends where the
 * recogniser paused for SENTENCE_PAUSE or more (pocketsphinx writes neither case nor
 * punctuation). Words that already carry case or punctuation (Whisper, or a saved correction) are
 * returned as they are.
 */
export function punctuate(words: Word[]): Word[] {
  // Issue 30, item 3: a word's speaker goes along.
  const who = (w: Word) => (w.speaker ? { speaker: w.speaker } : {});
  if (!words.length || cased(words)) return words.map((w) => ({ text: w.text, start: w.start, end: w.end, ...who(w) }));
  const out: Word[] = [];
  let first = 0;
  words.forEach((w, i) => {
    const next = words[i + 1];
    let text = w.text.replace(/\(\d+\)$/, '');
    if (text === 'i' || /^i'(m|ll|ve|d)$/.test(text)) text = 'I' + text.slice(1);
    if (i === first) text = text.charAt(0).toUpperCase() + text.slice(1);
    if (!next || next.start - w.end >= SENTENCE_PAUSE) {
      const sentence = words.slice(first, i + 1).map((x) => x.text).join(' ');
      if (!END_MARK.test(text)) text += isQuestion(sentence) ? '?' : '.';
      first = i + 1;
    }
    out.push({ text, start: w.start, end: w.end, ...who(w) });
  });
  return out;
}

const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/**
 * A title built from the clip's words, with the words the person corrected put in: each word
 * whose spelling changed at the same time in the clip is replaced where the title has it. A title
 * that names none of the corrected words stays as it is.
 */
export function retitle(title: string, before: Word[], after: Word[]): string {
  const changes = new Map<string, string>();
  for (const w of after) {
    const old = before.find((b) => Math.abs(b.start - w.start) < 0.02 && Math.abs(b.end - w.end) < 0.02);
    if (old && bare(old.text) && bare(old.text) !== bare(w.text)) changes.set(bare(old.text), w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, ''));
  }
  if (!changes.size) return title;
  // Only the corrected words change, each cased as the word it replaces (issue 29: correcting one
  // word must not re-case the rest of the title).
  const words = title.split(' ').map((t) => {
    const got = changes.get(bare(t));
    return got === undefined ? t : caseLike(t, got);
  });
  return words.filter(Boolean).join(' ').slice(0, 100);
}

/** `word` cased as `like` is: all capitals, a capital first letter, or as typed. */
function caseLike(like: string, word: string): string {
  const letters = like.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return word.toUpperCase();
  if (/^\p{Lu}/u.test(letters)) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}
