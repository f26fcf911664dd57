// Asides inside a moment: talk that says it returns ("anyway, where was I", "but back to...")
// takes up the moment before a short aside again, the aside with it, so that a story or an
// argument told around a tangent stays one unit.
import type { SourceModel } from './source.js';
import type { Turn } from './units.js';

/** A moment, or filler kept only for clips beyond the moments, while units are made. */
export interface Group { turns: Turn[]; moment: boolean }

/** Phrases that take talk back up after an aside, in a turn's first words. */
const RETURNS = ['where was i', 'where were we', 'as i was saying', 'to get back to', 'but back to', 'so back to', 'coming back to', 'getting back to'].map((p) => p.split(' '));
const RETURN_WORDS = 10;
export const returnsToTopic = (src: SourceModel, t: Turn) => {
  const tokens = src.words.slice(t.first, Math.min(t.last + 1, t.first + RETURN_WORDS)).map((w) => w.token);
  return RETURNS.some((p) => tokens.some((_, i) => p.every((w, j) => tokens[i + j] === w)));
};
/** An aside of this long (s) or less, right after a moment (within ASIDE_GAP s), goes back into it when the talk returns. */
const ASIDE_MAX = 60;
const ASIDE_GAP = 10;
/** ...and the talk returns within this many seconds of the aside's end. */
const RETURN_WITHIN = 20;

/**
 * The moment that talk returning at `now` (s) takes up: the one before the open moment, when
 * that one is an aside (short, right after it, and just said), with the aside joined in.
 */
export function resume(src: SourceModel, units: Group[], now: number): Group | undefined {
  const startOf = (u: Group) => src.words[u.turns[0].first].start;
  const endOf = (u: Group) => src.words[u.turns[u.turns.length - 1].last].end;
  const aside = units[units.length - 1];
  if (!aside?.moment || now - startOf(aside) > ASIDE_MAX || now - endOf(aside) > RETURN_WITHIN) return undefined;
  let k = units.length - 2;
  while (k >= 0 && !units[k].moment) k--;
  if (k < 0 || startOf(aside) - endOf(units[k]) > ASIDE_GAP) return undefined;
  units[k].turns = units.slice(k).flatMap((u) => u.turns);
  units.length = k + 1;
  return units[k];
}
