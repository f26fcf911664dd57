import { findFillers } from '../language/fillers.js';
import { normalizeWord } from '../language/tokens.js';
import type { Word } from '../types.js';

/**
 * The cut list of a render without filler (issue 29, item 5: "the cut list comes from the clip's
 * word timings ... the clip's reported duration is the cut one"). Everything is in source
 * seconds; the render keeps `segments` and joins them (render-graph.ts), the captions move with
 * them (cutWords).
 */

/** A pause longer than this (s) is shortened ... */
export const SILENCE_THRESHOLD = 0.6;
/** ... to this gap (s), half kept after the word before it and half before the word after it. */
export const SILENCE_GAP = 0.25;
/** Kept pieces shorter than this (s) are dropped too: less than two frames, nothing to see or hear. */
const MIN_SEGMENT = 0.08;

export interface Span {
  start: number;
  end: number;
}

export interface RemovedSpan extends Span {
  kind: 'filler' | 'silence';
  /** The filler's words, as said. */
  text?: string;
}

export interface CutOptions {
  removeFillers?: boolean;
  removeSilences?: boolean;
  /** The clip's language: which filler list applies. */
  language?: string;
  /** Spans a person restored: a removed span overlapping one stays in. */
  keep?: readonly Span[];
}

export interface CutPlan {
  /** What is cut out, in time order (fillers and shortened pauses; restored ones left out). */
  removed: RemovedSpan[];
  /** What is kept, in time order, inside the clip. */
  segments: Span[];
  /** The output's length (s, two decimals). */
  duration: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const overlaps = (a: Span, b: Span) => Math.min(a.end, b.end) - Math.max(a.start, b.start) > 1e-3;

/** The words spoken inside the clip, in time order (recogniser markers dropped). */
function spokenWords(words: readonly Word[], start: number, end: number): Word[] {
  return words.filter((w) => w.end > start && w.start < end && normalizeWord(w.text) !== '').sort((a, b) => a.start - b.start);
}

/** The parts of `span` not covered by `cuts`. */
function uncovered(span: Span, cuts: readonly Span[]): Span[] {
  let pieces = [span];
  for (const c of cuts) pieces = pieces.flatMap((p) => (overlaps(p, c) ? [{ start: p.start, end: c.start }, { start: c.end, end: p.end }].filter((q) => q.end - q.start > 1e-3) : [p]));
  return pieces;
}

/**
 * Pauses between the words that stay (and before the first, after the last) longer than the
 * threshold, counting only time not already cut, shortened to SILENCE_GAP.
 */
function silences(speech: readonly Word[], fillers: readonly Span[], clip: Span): RemovedSpan[] {
  const out: RemovedSpan[] = [];
  const half = SILENCE_GAP / 2;
  const edges = [clip.start, ...speech.flatMap((w) => [w.start, w.end]), clip.end];
  for (let i = 0; i + 1 < edges.length; i += 2) {
    const gap = { start: edges[i], end: edges[i + 1] };
    const pieces = uncovered(gap, fillers);
    const quiet = pieces.reduce((n, p) => n + p.end - p.start, 0);
    if (!pieces.length || quiet <= SILENCE_THRESHOLD) continue;
    // The clip's own edges keep nothing; a word keeps half the gap of quiet beside it.
    const from = i === 0 ? gap.start : gap.start + Math.min(half, pieces[0].end - pieces[0].start);
    const to = i + 2 === edges.length ? gap.end : gap.end - Math.min(half, pieces[pieces.length - 1].end - pieces[pieces.length - 1].start);
    if (to - from > 1e-3) out.push({ start: round(from), end: round(to), kind: 'silence' });
  }
  return out;
}

/** Merges overlapping or touching spans (sorted by start). */
function merge(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end + 1e-3) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The cut list of a clip's span for the options (no option: the whole clip, nothing removed). */
export function planCuts(words: readonly Word[], clipStart: number, clipEnd: number, opts: CutOptions = {}): CutPlan {
  const clip = { start: clipStart, end: clipEnd };
  const spoken = spokenWords(words, clipStart, clipEnd);
  const fillerIdx = opts.removeFillers ? findFillers(spoken, opts.language ?? 'en') : [];
  const fillers: RemovedSpan[] = fillerIdx.map(([a, b]) => ({
    start: round(Math.max(spoken[a].start, clipStart)), end: round(Math.min(spoken[b].end, clipEnd)), kind: 'filler', text: spoken.slice(a, b + 1).map((w) => w.text).join(' '),
  }));
  const inFiller = new Set(fillerIdx.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k)));
  const speech = spoken.filter((_, i) => !inFiller.has(i));
  const pauses = opts.removeSilences && speech.length ? silences(speech, fillers, clip) : [];
  const keep = opts.keep ?? [];
  const removed = [...fillers, ...pauses].filter((r) => r.end - r.start > 1e-3 && !keep.some((k) => overlaps(r, k))).sort((a, b) => a.start - b.start);
  const segments = uncovered(clip, merge(removed)).filter((s) => s.end - s.start >= MIN_SEGMENT || removed.length === 0);
  const duration = Math.round(segments.reduce((n, s) => n + s.end - s.start, 0) * 100) / 100;
  return { removed, segments, duration };
}

/** True when the plan cuts nothing: the render is the plain one. */
export const cutsNothing = (plan: CutPlan, clipStart: number, clipEnd: number) =>
  plan.segments.length === 1 && Math.abs(plan.segments[0].start - clipStart) < 1e-3 && Math.abs(plan.segments[0].end - clipEnd) < 1e-3;

/** A source time on the output's clock (0 at the first kept instant); a cut-out time maps to the cut. */
export function outputTime(plan: CutPlan, t: number): number {
  let out = 0;
  for (const s of plan.segments) {
    if (t <= s.start) return out;
    if (t < s.end) return out + t - s.start;
    out += s.end - s.start;
  }
  return out;
}

/**
 * The words as the cut video says them (captions follow the cuts): words whose middle was cut
 * out are gone, the others carry output times shifted to start at `clipStart` (the captions
 * script counts from the clip start).
 */
export function cutWords(words: readonly Word[], plan: CutPlan, clipStart: number): Word[] {
  const kept = (t: number) => plan.segments.some((s) => t >= s.start && t < s.end);
  return words
    .filter((w) => kept((w.start + w.end) / 2))
    .map((w) => ({ ...w, start: clipStart + outputTime(plan, w.start), end: clipStart + outputTime(plan, w.end) }));
}
