// Everything the suggester derives once from a source: its words and sentences, their stems,
// word-level TF-IDF weights against the whole video, and the loudness profile.
import type { Analysis, ProbeResult, Transcript } from '../types.js';
import { splitSentences, transcriptWords, type Sentence, type TimedWord } from '../language/sentences.js';
import { stem } from '../language/stem.js';
import { isContentWord } from '../language/tokens.js';
import { TermCorpus } from '../language/tfidf.js';
import { LoudnessProfile } from './loudness.js';

export interface SourceModel {
  duration: number;
  language: string;
  words: TimedWord[];
  sentences: Sentence[];
  /** Sentence index of each word. */
  sentenceOf: Int32Array;
  /** Stem of each word, '' for stop words and fillers. */
  stems: string[];
  /**
   * The video in parts of about CHUNK_SECONDS as TF-IDF documents: a word found in few parts is
   * distinctive here (a topic word); one spread over the whole video is not (a speaker's habit).
   */
  corpus: TermCorpus;
  loudness: LoudnessProfile;
  /** Where the last clip must end at the latest: the media's end, or the start of a word left out past it. */
  speechEnd: number;
  silences: Analysis['silences'];
  scenes: number[];
}

export function buildSource(transcript: Transcript, analysis: Analysis, probe: ProbeResult, language: string): SourceModel {
  // Words past the end of the media (a recogniser's rounding) would put a clip's end beyond it, or
  // inside themselves: a word that runs past the end by more than a rounding error is left out.
  const all = transcriptWords(transcript);
  const past = all.filter((w) => probe.duration > 0 && w.end > probe.duration + 1e-6);
  const words = all
    .filter((w) => !past.includes(w))
    .map((w) => (probe.duration > 0 && w.end > probe.duration ? { ...w, end: probe.duration } : w));
  const sentences = splitSentences(words);
  const sentenceOf = new Int32Array(words.length);
  sentences.forEach((s, i) => sentenceOf.fill(i, s.first, s.last + 1));
  const stems = words.map((w) => (isContentWord(w.token, language) ? stem(w.token, language) : ''));
  const corpus = new TermCorpus(chunks(sentences).map(([a, b]) => stems.slice(a, b + 1).filter(Boolean)));
  const lastWord = words.length ? words[words.length - 1].end : 0;
  const loudnessEnd = analysis.loudness.length * (analysis.loudnessStep || 0);
  // ffprobe's duration is the truth; the other signals only stand in when it is missing.
  const duration = probe.duration > 0 ? probe.duration : Math.max(lastWord, loudnessEnd, ...analysis.silences.map((s) => s.end), 0);
  return {
    duration,
    language,
    words,
    sentences,
    sentenceOf,
    stems,
    corpus,
    loudness: new LoudnessProfile(analysis),
    speechEnd: Math.min(duration, ...past.map((w) => w.start)),
    silences: [...analysis.silences].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start),
    scenes: [...analysis.scenes].filter((t) => t >= 0 && t <= duration).sort((a, b) => a - b),
  };
}

export const CHUNK_SECONDS = 30;

/** Word ranges [first, last] of consecutive sentences grouped into parts of about CHUNK_SECONDS. */
function chunks(sentences: Sentence[]): [number, number][] {
  const out: [number, number][] = [];
  let openedAt = -Infinity;
  for (const s of sentences) {
    if (s.start - openedAt < CHUNK_SECONDS) out[out.length - 1][1] = s.last;
    else {
      out.push([s.first, s.last]);
      openedAt = s.start;
    }
  }
  return out;
}

/** Index of the first word starting at or after `t` (words.length when none). */
export function firstWordAtOrAfter(words: TimedWord[], t: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid].start < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
