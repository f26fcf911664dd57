// Sentences of recognised speech. pocketsphinx gives no punctuation, so sentence boundaries are its
// utterances (segments) and the pauses between words; whisper.cpp adds end punctuation, which counts
// too. Words are flattened into one timed list that the suggester and the caption writer share.
import type { Transcript, Word } from '../types.js';
import { normalizeWord } from './tokens.js';

export interface TimedWord {
  /** Clean lowercase token ("don't", "price"). */
  token: string;
  /** The word as the recogniser spelled it, trimmed, recogniser markers removed. */
  display: string;
  start: number;
  end: number;
  /** True when the recogniser closed a sentence after this word (end of segment, '.', '?', '!'). */
  sentenceEnd: boolean;
  /** True when the recogniser wrote a question mark after this word. */
  question: boolean;
  /** How sure the recogniser was of the word, 0..1, when it says. */
  confidence?: number;
  /** Who says it (`S1`, ...), when the speakers were told apart. */
  speaker?: string;
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
  /** Index of the first and last word in the flattened word list. */
  first: number;
  last: number;
}

/** A silence between two words at least this long ends a sentence (seconds). */
export const SENTENCE_PAUSE = 0.6;

/**
 * All words of a transcript in time order, markers dropped. A segment that carries text but no word
 * timings gets its words spread over the segment in proportion to their length.
 */
export function transcriptWords(transcript: Transcript): TimedWord[] {
  const out: TimedWord[] = [];
  const segments = [...transcript.segments].sort((a, b) => a.start - b.start);
  for (const seg of segments) {
    const timed: Word[] = seg.words.length > 0 ? seg.words : spreadWords(seg.text, seg.start, seg.end);
    const words = timed
      .map((w) => ({ raw: w.text.trim(), token: normalizeWord(w.text), start: w.start, end: Math.max(w.start, w.end), confidence: w.confidence, speaker: w.speaker }))
      .filter((w) => w.token !== '' && Number.isFinite(w.start) && Number.isFinite(w.end))
      .sort((a, b) => a.start - b.start);
    words.forEach((w, i) => {
      const punct = /[.?!…]["')\]]*$/.test(w.raw);
      out.push({
        token: w.token,
        display: w.raw.replace(/\(\d+\)$/, ''),
        start: w.start,
        end: w.end,
        sentenceEnd: punct || i === words.length - 1,
        question: /\?["')\]]*$/.test(w.raw),
        ...(typeof w.confidence === 'number' ? { confidence: w.confidence } : {}),
        ...(w.speaker !== undefined ? { speaker: w.speaker } : {}),
      });
    });
  }
  out.sort((a, b) => a.start - b.start);
  return out;
}

function spreadWords(text: string, start: number, end: number): { text: string; start: number; end: number }[] {
  const parts = text.split(/\s+/).filter(Boolean);
  const total = parts.reduce((n, p) => n + p.length + 1, 0);
  let t = start;
  return parts.map((p) => {
    const d = ((end - start) * (p.length + 1)) / Math.max(1, total);
    const w = { text: p, start: t, end: t + d * 0.9 };
    t += d;
    return w;
  });
}

/** Splits timed words into sentences: at recogniser sentence ends and at pauses of SENTENCE_PAUSE. */
export function splitSentences(words: TimedWord[], pause = SENTENCE_PAUSE): Sentence[] {
  const out: Sentence[] = [];
  let first = 0;
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    if (!next || words[i].sentenceEnd || next.start - words[i].end >= pause) {
      out.push({
        text: words.slice(first, i + 1).map((w) => w.display).join(' '),
        start: words[first].start,
        end: words[i].end,
        first,
        last: i,
      });
      first = i + 1;
    }
  }
  return out;
}

/** Sentences of a whole transcript (convenience for the caption writer). */
export function transcriptSentences(transcript: Transcript): Sentence[] {
  return splitSentences(transcriptWords(transcript));
}
