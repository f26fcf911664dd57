// Hook strength, completeness and the composite score (DESIGN.md: "composite score in 0..1 from
// relevance to `criteria`, hook, energy and completeness").
import type { ScoreBreakdown } from '../types.js';
import { hookFeatures, hookStrength, isContinuation, type HookFeatures } from '../language/emphasis.js';
import { isFiller, isStopWord } from '../language/tokens.js';
import type { Boundary } from './boundaries.js';
import { clamp01 } from './loudness.js';
import type { SourceModel } from './source.js';

export interface Opening extends HookFeatures {
  /** End (s) of the opening sentence. */
  end: number;
}

/** Opening sentence of a clip whose first word is `first` (at most 25 words or 8 s of it). */
export function openingAt(src: SourceModel, first: number): Opening | null {
  const { words } = src;
  if (first >= words.length) return null;
  const last = src.sentences[src.sentenceOf[first]].last;
  let end = first;
  while (end < last && end - first < 24 && words[end + 1].end - words[first].start <= 8) end++;
  const span = words.slice(first, end + 1);
  const features = hookFeatures(span.map((w) => w.token), last - first + 1, span.some((w) => w.question));
  return { ...features, end: span[span.length - 1].end };
}

/**
 * Hook strength 0..1 of a clip [start, end): what its opening says (questions, "you", numbers,
 * strong words, a short punchy sentence) and how loud its first seconds are against the clip.
 */
export function hookScore(src: SourceModel, opening: Opening | null, start: number, end: number, sceneCutAtStart: boolean): number {
  const { loudness } = src;
  const loudStart = loudness.available
    ? clamp01(0.5 + (loudness.mean(start, Math.min(end, start + 3)) - loudness.mean(start, end)) / 20)
    : 0.5;
  if (!opening) {
    // No words: an opening is strong when something starts (it gets louder, a new shot) and is loud.
    return clamp01(0.5 * loudness.onset(start) + 0.3 * loudness.relative(loudness.peak(start, Math.min(end, start + 3))) + (sceneCutAtStart ? 0.2 : 0));
  }
  return clamp01(0.82 * hookStrength(opening) + 0.18 * loudStart);
}

/**
 * Completeness 0..1: starts where a sentence or pause starts, ends where one ends, holds one
 * stretch of talk (no pause inside longer than those it is cut at: a longer pause inside usually
 * means the speaker moved on to something else), and neither opens on a word leaning on what came
 * before nor closes on a dangling function word.
 */
export function completenessScore(src: SourceModel, start: Boundary, end: Boundary, interiorPause: number): number {
  // Without words there are no sentences to keep whole: only the cuts themselves count.
  if (start.word >= end.word) return clamp01(0.5 * start.quality + 0.5 * end.quality);
  const edgePause = Math.min(start.pause, end.pause);
  const unity = interiorPause <= edgePause ? 1 : 1 - (interiorPause - edgePause) / interiorPause;
  let clean = 1;
  const { words } = src;
  if (isContinuation(words[start.word].token) || isFiller(words[start.word].token)) clean -= 0.5;
  const last = words[end.word - 1];
  if (!last.sentenceEnd && isStopWord(last.token) && end.kind !== 'sentence') clean -= 0.5;
  return clamp01(0.3 * start.quality + 0.3 * end.quality + 0.25 * unity + 0.15 * clean);
}

export type ScoreMode = 'criteria' | 'general' | 'none';

/** Weights of the four parts; they sum to 1 so the composite stays in 0..1. */
export const WEIGHTS: Record<ScoreMode, ScoreBreakdown> = {
  // Issue 20: with a request, what the clip is about decides; hook and the rest order what is on it.
  criteria: { relevance: 0.6, hook: 0.15, energy: 0.08, completeness: 0.17 },
  general: { relevance: 0.25, hook: 0.3, energy: 0.2, completeness: 0.25 },
  none: { relevance: 0.1, hook: 0.2, energy: 0.5, completeness: 0.2 },
};

export function composite(parts: ScoreBreakdown, mode: ScoreMode): number {
  const w = WEIGHTS[mode];
  return clamp01(w.relevance * parts.relevance + w.hook * parts.hook + w.energy * parts.energy + w.completeness * parts.completeness);
}
