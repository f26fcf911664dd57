// Candidate clips: every pair of good boundaries whose distance fits the wanted length, scored.
// Boundaries are a few per sentence, so even a 3-hour source gives a few hundred thousand pairs,
// each scored in O(1) from prefix sums.
import type { ClipScores, ScoreBreakdown } from '../types.js';
import { momentsOf } from './moments.js';
import type { Boundary } from './boundaries.js';
import { RangeMax } from './range-max.js';
import type { RelevanceModel } from './relevance.js';
import { completenessScore, composite, hookScore, openingAt, type Opening, type ScoreMode } from './scoring.js';
import type { SourceModel } from './source.js';

export interface Candidate {
  start: Boundary;
  end: Boundary;
  parts: ScoreBreakdown;
  score: number;
  /** Score plus how well the length fits: what selection ranks by. */
  utility: number;
  /** Index of the topic the clip lies in (-1 when clips are not cut by topic). */
  topic: number;
  /** Issue 30, item 2: what makes the moment worth posting (clips with words). */
  scores?: ClipScores;
  /** Index of the unit of talk (units.ts) the clip holds. */
  unit?: number;
  /** Length (s) of a unit too long for one clip, of which this clip is the best part. */
  shortenedFrom?: number;
  /** A clip beyond the video's moments (more asked for than it has). */
  extra?: boolean;
}

export interface LengthPlan {
  min: number;
  max: number;
  /** The caller's target_duration, or null for a length chosen per clip. */
  target: number | null;
}

/**
 * Spec: "Target clip length in seconds. Default: a model-chosen length per clip" (15 to 90 s).
 * Issue 20, item 3: target_duration honoured within about 20% when the topic is long enough.
 */
export function lengthPlan(targetDuration: number | undefined): LengthPlan {
  if (targetDuration && targetDuration > 0) return { min: Math.max(1, targetDuration * 0.8), max: targetDuration * 1.2, target: targetDuration };
  return { min: 15, max: 90, target: null };
}

/** A boundary this good or better may start or end a clip (sentence ends, pauses, silences, cuts). */
const GOOD_CUT = 0.4;
/** Where good cuts are further apart than this (s), weaker ones fill in, one per WEAK_SPACING. */
const SPARSE = 8;
const WEAK_SPACING = 3;
/** Candidates kept per start: selection needs a few lengths per start, not every one. */
const PER_START = 4;

/**
 * The boundaries windows may use: every good cut, plus, in long stretches without one (speech
 * without pauses), the best weak cut every WEAK_SPACING seconds. This bounds the work on a source
 * of any length and style.
 */
export function cutPoints(boundaries: Boundary[]): Boundary[] {
  const good = boundaries.filter((b) => b.quality >= GOOD_CUT);
  const out: Boundary[] = [];
  let g = -1; // index in `good` of the last good cut at or before the current boundary
  let bucket: Boundary | null = null;
  const flush = () => bucket && (out.push(bucket), (bucket = null));
  for (const b of boundaries) {
    if (b.quality >= GOOD_CUT) {
      flush();
      out.push(b);
      g++;
      continue;
    }
    const prev = good[g];
    const next = good[g + 1];
    if (prev && next && next.startAt - prev.startAt <= SPARSE) continue;
    if (bucket && Math.floor(bucket.startAt / WEAK_SPACING) !== Math.floor(b.startAt / WEAK_SPACING)) flush();
    if (!bucket || b.pause > bucket.pause) bucket = b;
  }
  flush();
  return out;
}

export function scoreWindows(src: SourceModel, boundaries: Boundary[], relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate[] {
  return windowsOver(src, cutPoints(boundaries), relevance, mode, plan);
}

export function windowsOver(src: SourceModel, cuts: Boundary[], relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate[] {
  const openings = new Map<number, Opening | null>();
  const pauses = new RangeMax(cuts.map((c) => c.pause));
  const out: Candidate[] = [];
  for (let i = 0; i < cuts.length; i++) {
    const start = cuts[i];
    const sceneCut = start.kind === 'scene' || src.scenes.some((t) => Math.abs(t - start.startAt) <= 0.5);
    const best: Candidate[] = [];
    for (let j = i + 1; j < cuts.length; j++) {
      const end = cuts[j];
      const length = end.endAt - start.startAt;
      if (length > plan.max) break;
      if (length < plan.min) continue;
      const c = evaluate(src, start, end, relevance, mode, plan, pauses.max(i + 1, j, 0), openings, sceneCut);
      if (best.length < PER_START) best.push(c);
      else if (c.utility > best[PER_START - 1].utility) best[PER_START - 1] = c;
      else continue;
      best.sort((a, b) => b.utility - a.utility);
    }
    out.push(...best);
  }
  return out;
}

export function evaluate(
  src: SourceModel, start: Boundary, end: Boundary, relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan,
  interiorPause: number, openings = new Map<number, Opening | null>(), sceneCut = false,
): Candidate {
  const [t0, t1] = [start.startAt, end.endAt];
  const speech = mode !== 'none' && start.word < end.word;
  let opening: Opening | null = null;
  if (speech) {
    if (!openings.has(start.word)) openings.set(start.word, openingAt(src, start.word));
    opening = openings.get(start.word) ?? null;
  }
  const parts: ScoreBreakdown = {
    relevance: mode === 'none' ? 0.5 : relevance.score(start.word, end.word),
    hook: hookScore(src, opening, t0, t1, sceneCut),
    energy: src.loudness.energy(t0, t1),
    completeness: completenessScore(src, start, end, interiorPause),
  };
  let score = composite(parts, mode);
  let scores: ClipScores | undefined;
  if (speech) {
    const moments = momentsOf(src);
    scores = { hook: parts.hook, payoff: moments.payoff(start.word, end.word), self_contained: moments.selfContained(start.word, end.word), ...(mode === 'criteria' ? { relevance: parts.relevance } : {}) };
    // Issue 30, item 2: with no request, a moment is worth posting for its hook, its payoff and
    // being whole, and filler (intros, sponsor reads, housekeeping, small talk) is not.
    if (mode === 'general') score = generalScore(parts, scores, moments.filler(start.word, end.word));
  }
  const length = t1 - t0;
  const fit = plan.target
    ? 0.15 * (1 - Math.min(1, Math.abs(length - plan.target) / (0.25 * plan.target)))
    : 0.03 * (1 - Math.min(1, Math.abs(length - 45) / 45));
  return { start, end, parts, score, utility: score + fit, topic: -1, ...(scores ? { scores } : {}) };
}

/** Weights of the no-request score (issue 30, item 2); they sum to 1. */
export const GENERAL_WEIGHTS = { relevance: 0.1, hook: 0.22, energy: 0.08, completeness: 0.12, payoff: 0.24, self_contained: 0.24 };
/** How much of the score a clip made wholly of filler loses. */
const FILLER_PENALTY = 0.8;

function generalScore(parts: ScoreBreakdown, scores: ClipScores, filler: number): number {
  const w = GENERAL_WEIGHTS;
  const raw = w.relevance * parts.relevance + w.hook * parts.hook + w.energy * parts.energy + w.completeness * parts.completeness + w.payoff * scores.payoff + w.self_contained * scores.self_contained;
  return Math.max(0, Math.min(1, raw * (1 - FILLER_PENALTY * filler)));
}
