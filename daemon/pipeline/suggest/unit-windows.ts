// One candidate clip per unit of talk (units.ts): the whole unit from its setup to its payoff.
// A unit shorter than the wanted length takes in the sentences around it, least first, keeping
// out of other moments where it can; a longer one gives its best contiguous part that starts
// where a turn starts and ends where one ends (its `shortenedFrom` says how long the unit was).
import type { Boundary } from './boundaries.js';
import { momentsOf } from './moments.js';
import type { RelevanceModel } from './relevance.js';
import type { ScoreMode } from './scoring.js';
import type { SourceModel } from './source.js';
import type { Unit } from './units.js';
import { evaluate, windowsOver, type Candidate, type LengthPlan } from './windows.js';

/** How far (s) a short unit may reach into the talk around it to make the wanted length (at least that length). */
const REACH = 40;
/** Utility of holding more of a long unit, for its whole length held (so the part is as long as allowed). */
const COVER_WEIGHT = 0.5;
/** Utility lost per second of talk taken in around a short unit, and for entering another moment. */
const EXTRA_COST = 0.002;
const INTRUDE_COST = 0.08;

/** Share of plan.max a part of a long unit holds at least (without a target). */
const LONG_PART = 0.6;
/** Utility a part of a long unit loses for ending before the unit's last line, or being short. */
const NO_PAYOFF = 0.3;

/** Where sentence ends are missing, every this many words may end a widened clip. */
const SPARSE_STEP = 5;

const isCut = (b: Boundary) => b.kind === 'edge' || b.kind === 'sentence';

export function unitCandidates(src: SourceModel, boundaries: Boundary[], units: Unit[], relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate[] {
  const out: Candidate[] = [];
  units.forEach((u, k) => {
    const [i, j] = [at(boundaries, u.firstWord, -1), at(boundaries, u.endWord, 1)];
    if (i < 0 || j < 0 || j <= i) return;
    const length = boundaries[j].endAt - boundaries[i].startAt;
    const tag = (c: Candidate, extra = {}): Candidate => ({ ...c, topic: k, unit: k, ...extra });
    if (length > plan.max) {
      const cuts = boundaries.slice(i, j + 1).filter((b, n) => n === 0 || b.word === u.endWord || isCut(b));
      const fits = (plan.target ? windowsOver(src, cuts, relevance, mode, plan) : longParts(src, cuts, relevance, mode, plan)).map((c) => withCover(src, c, u, length, plan));
      for (const c of fits) out.push(tag(c, plan.target ? {} : { shortenedFrom: length }));
      return;
    }
    if (length >= plan.min) {
      out.push(tag(evaluate(src, boundaries[i], boundaries[j], relevance, mode, plan, interior(boundaries, i, j))));
      return;
    }
    out.push(tag(widened(src, boundaries, units, k, i, j, relevance, mode, plan)));
  });
  return out;
}

/** Index of the boundary before word `word`, or the nearest one before (-1) or after (1) it; -1 when none. */
function at(boundaries: Boundary[], word: number, dir: 1 | -1): number {
  let lo = 0;
  let hi = boundaries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (boundaries[mid].word < word) lo = mid + 1;
    else hi = mid;
  }
  if (lo < boundaries.length && boundaries[lo].word === word) return lo;
  const n = dir < 0 ? lo - 1 : lo;
  return n >= 0 && n < boundaries.length ? n : -1;
}

/** Longest pause inside boundaries (i, j). */
function interior(boundaries: Boundary[], i: number, j: number): number {
  let m = 0;
  for (let n = i + 1; n < j; n++) m = Math.max(m, boundaries[n].pause);
  return m;
}

/**
 * Without a target, the parts of a long unit worth weighing: from each cut, every end that makes
 * a clip (the cover bonus prefers the longest; windowsOver would keep only the few best-scoring,
 * often short, ends per start before that bonus is added). A part that does not end with the
 * unit (its payoff), or holds less than LONG_PART of plan.max, loses NO_PAYOFF: such parts are
 * for more clips than the video has units.
 */
function longParts(src: SourceModel, cuts: Boundary[], relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate[] {
  const out: Candidate[] = [];
  const last = cuts.length - 1;
  for (let a = 0; a < cuts.length; a++) {
    for (let b = a + 1; b < cuts.length; b++) {
      const length = cuts[b].endAt - cuts[a].startAt;
      if (length > plan.max) break;
      if (length < plan.min) continue;
      const c = evaluate(src, cuts[a], cuts[b], relevance, mode, plan, interior(cuts, a, b));
      out.push(b === last && length >= LONG_PART * plan.max ? c : { ...c, utility: c.utility - NO_PAYOFF });
    }
  }
  return out.length ? out : windowsOver(src, cuts, relevance, mode, plan);
}

/** A part of a long unit: the more of it, the better; starting at its setup and ending at its payoff count too. */
function withCover(src: SourceModel, c: Candidate, u: Unit, length: number, plan: LengthPlan): Candidate {
  const held = c.end.endAt - c.start.startAt;
  const moments = momentsOf(src);
  const whole = +(c.start.word === u.firstWord) * 0.04 + Math.min(moments.payoff(c.start.word, c.end.word), 0.6) * 0.05;
  const cover = plan.target ? 0 : COVER_WEIGHT * Math.min(1, held / Math.min(length, plan.max));
  return { ...c, utility: c.utility + cover + whole };
}

/**
 * A unit shorter than plan.min with the sentences before and after it that bring it to the
 * wanted length: every pair of a sentence start before it and a sentence end after it (within
 * REACH) that fits, no other moment entered where possible, then the least talk added; in speech
 * without sentence ends, any boundaries between words. Without such a pair (the source's edges),
 * the longest that stays within plan.max.
 */
function widened(src: SourceModel, boundaries: Boundary[], units: Unit[], k: number, i: number, j: number, relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate {
  const u = units[k];
  const reach = Math.max(REACH, plan.min);
  const intrudes = (a: number, b: number) => units.some((o, m) => m !== k && o.moment && o.endWord > boundaries[a].word && o.firstWord < boundaries[b].word);
  let best: Candidate | null = null;
  let bestKey: readonly [number, number] = [0, -Infinity];
  let longest: [number, number] = [i, j];
  // Sentence boundaries first; in speech without them, pauses and every SPARSE_STEP-th gap between words.
  for (const cut of [isCut, (b: Boundary) => b.kind === 'pause' || b.word % SPARSE_STEP === 0]) {
    const starts = [i];
    for (let n = i - 1; n >= 0 && boundaries[n].startAt >= u.start - reach; n--) if (cut(boundaries[n])) starts.push(n);
    const ends = [j];
    for (let n = j + 1; n < boundaries.length && boundaries[n].endAt <= u.end + reach; n++) if (cut(boundaries[n])) ends.push(n);
    for (const a of starts) {
      for (const b of ends) {
        const length = boundaries[b].endAt - boundaries[a].startAt;
        if (length > plan.max) continue;
        if (length > boundaries[longest[1]].endAt - boundaries[longest[0]].startAt) longest = [a, b];
        if (length < plan.min) continue;
        const c = evaluate(src, boundaries[a], boundaries[b], relevance, mode, plan, interior(boundaries, a, b));
        const utility = c.utility - EXTRA_COST * (length - (u.end - u.start)) - (intrudes(a, b) ? INTRUDE_COST : 0);
        const key = [+!intrudes(a, b), utility] as const;
        if (!best || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) [best, bestKey] = [{ ...c, utility }, key];
      }
    }
    if (best) return best;
  }
  return evaluate(src, boundaries[longest[0]], boundaries[longest[1]], relevance, mode, plan, interior(boundaries, longest[0], longest[1]));
}
