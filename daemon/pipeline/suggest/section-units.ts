// A section's units of talk (units.ts) and what they decide for it without a request: a moment
// still going on where the section's last topic starts goes whole to the next section, and a
// section of a longer video that holds no moment gives no clip unless clips were asked for (only
// the last section of a video with no moment before it, all small talk, still gives some).
import type { SuggestOptions } from '../types.js';
import { clipCount } from './select.js';
import type { SourceModel } from './source.js';
import type { Topic } from './topics.js';
import { segmentUnits, type Unit } from './units.js';

export interface SectionUnits {
  units: Unit[];
  /** Seconds from the section's start where the next section takes over, if it does. */
  carry?: number;
}

/**
 * The units before the carried part (`topics` are the section's topics without the carried one,
 * `all` with it). A moment of `all` that holds the carry's first word moves the carry back to its
 * start, so the moment is never split between sections, unless that leaves more than `maxCarry`
 * seconds to carry. With no carried topic, see carryLastMoment.
 */
export function sectionUnits(src: SourceModel, all: Topic[], topics: Topic[], carry: number | undefined, maxCarry: number, holdBack: boolean): SectionUnits {
  const units = segmentUnits(src, topics);
  if (carry === undefined) return holdBack ? carryLastMoment(src, units, maxCarry) : { units };
  if (topics.length === all.length) return { units, carry };
  const from = topics.length ? topics[topics.length - 1].endWord : 0;
  const holding = segmentUnits(src, all).find((u) => u.moment && u.firstWord < from && u.endWord > from);
  if (!holding) return { units, carry };
  const before = units.filter((u) => u.endWord <= holding.firstWord);
  if (src.duration - holding.start <= maxCarry) return { units: before, carry: holding.start };
  // Too long to carry from its start: a moment that ends well inside the section stays here whole, and the carry starts after it.
  const next = src.words[holding.endWord];
  return next && src.duration - holding.end >= OPEN_AT_END ? { units: [...before, holding], carry: next.start } : { units, carry };
}

/** The topics with those that start before `carried` (s) joined into the first: the section before saw that talk as one topic. */
export function joinCarried(topics: Topic[], carried: number | undefined): Topic[] {
  if (carried === undefined || topics.length < 2) return topics;
  const k = topics.findIndex((t, i) => i > 0 && t.start >= carried - 0.01);
  const last = k < 0 ? topics.length - 1 : k - 1;
  if (last === 0) return topics;
  const [a, b] = [topics[0], topics[last]];
  return [{ ...a, last: b.last, endWord: b.endWord, end: b.end }, ...topics.slice(last + 1)];
}

/** Talk after a section's last moment shorter than this (s) may be its interjections: the moment may go on in the next section. */
const OPEN_AT_END = 20;

/** With a later section and no topic carried (the last one is too long), a moment that may still go on at the section's end is carried whole. */
function carryLastMoment(src: SourceModel, units: Unit[], maxCarry: number): SectionUnits {
  let k = units.length - 1;
  while (k >= 0 && !units[k].moment) k--;
  const m = units[k];
  if (!m || src.duration - m.end >= OPEN_AT_END || src.duration - m.start > maxCarry) return { units };
  return { units: units.slice(0, k), carry: m.start };
}

/**
 * Clips a section gives: clipCount's, but without a request (`general`) none for a section of a
 * longer video without a moment, unless the job asked for a number of clips, or this is the last
 * section and no clip came before (`opts.clipsBefore`).
 */
export function sectionClipCount(span: number, units: Unit[], duration: number, opts: SuggestOptions, at: { speech: boolean; last: boolean; general: boolean }): number {
  const moments = units.filter((u) => u.moment).length;
  const whole = opts.sourceDuration ?? duration;
  const section = duration < whole - 0.01;
  if (at.general && at.speech && section && moments === 0 && opts.clipCount === undefined && (!at.last || (opts.clipsBefore ?? 0) > 0)) return 0;
  return clipCount(span, moments, whole, { asked: opts.clipCount, speech: at.speech });
}
