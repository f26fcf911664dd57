// With a request, a clip is the asked passage itself: a unit of talk never runs across a change of
// topic (it is cut where the topic changes), and a unit shorter than the shortest clip is widened
// only as far as it must be to reach that length: first into the pauses around it, then by the
// fewest seconds of the talk beside it, always cutting between sentences or in pauses.
import type { Boundary } from './boundaries.js';
import type { RelevanceModel } from './relevance.js';
import type { ScoreMode } from './scoring.js';
import type { SourceModel } from './source.js';
import type { Topic } from './topics.js';
import { MIN_MOMENT, type Unit } from './units.js';
import { unitCandidates } from './unit-windows.js';
import { evaluate, type Candidate, type LengthPlan } from './windows.js';

/** Air kept after the word before a widened clip and before the word after it (s). */
const AIR = 0.3;
/** How far (s) a short passage may reach into the talk beside it. */
const REACH = 20;

/** The units cut wherever a topic starts inside one; each part is a moment when the unit was one and it is long enough. */
export function unitsOnTopics(src: SourceModel, units: Unit[], topics: Topic[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const cuts = topics.map((t) => t.firstWord).filter((w) => w > u.firstWord && w < u.endWord);
    let from = u.firstWord;
    for (const to of [...cuts, u.endWord]) {
      const [start, end] = [src.words[from].start, src.words[to - 1].end];
      out.push({ firstWord: from, endWord: to, start, end, moment: u.moment && end - start >= MIN_MOMENT });
      from = to;
    }
  }
  return out;
}

/** One candidate per unit, as without a request, except that a unit shorter than plan.min is widened snugly (snugWidened). */
export function requestCandidates(src: SourceModel, boundaries: Boundary[], units: Unit[], relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate[] {
  const index = new Map(boundaries.map((b, n) => [b.word, n]));
  return unitCandidates(src, boundaries, units, relevance, mode, plan).map((c) => {
    const u = c.unit === undefined ? undefined : units[c.unit];
    const [i, j] = u ? [index.get(u.firstWord), index.get(u.endWord)] : [undefined, undefined];
    if (i === undefined || j === undefined || j <= i || boundaries[j].endAt - boundaries[i].startAt >= plan.min) return c;
    const snug = snugWidened(src, boundaries, i, j, relevance, mode, plan);
    return snug ? { ...snug, topic: c.topic, unit: c.unit } : c;
  });
}

/** Earliest a clip may start at boundary b (just after the word before it), and latest it may end there. */
const earliest = (src: SourceModel, b: Boundary) => (b.word > 0 ? Math.min(b.startAt, src.words[b.word - 1].end + AIR) : 0);
const latest = (src: SourceModel, b: Boundary) => (b.word < src.words.length ? Math.max(b.endAt, src.words[b.word].start - AIR) : b.endAt);
/** A gap between words at least this long (s) is a breath: a cut there is heard as a pause. */
const BREATH = 0.1;
/**
 * What a cut costs, in seconds of talk from outside the passage: none between sentences or in a
 * pause, a little in a breath, more between two words said without one (speech without pauses).
 */
const cutCost = (b: Boundary) => (b.kind === 'edge' || b.kind === 'sentence' || b.kind === 'pause' ? 0 : b.pause >= BREATH ? 1.5 : 4);

interface Snug { a: number; b: number; t0: number; t1: number; outside: number }

/**
 * Words [boundaries[i].word, boundaries[j].word) made plan.min long: of every start at a cut
 * before them and end at a cut after them (within REACH), the pair that holds the fewest seconds
 * outside them once its edges are moved into their pauses as far as the length needs; those
 * edges move out evenly. Null when no pair reaches plan.min within plan.max.
 */
export function snugWidened(src: SourceModel, boundaries: Boundary[], i: number, j: number, relevance: RelevanceModel, mode: ScoreMode, plan: LengthPlan): Candidate | null {
  const best = snugPair(src, boundaries, i, j, plan);
  if (!best) return null;
  const start = { ...boundaries[best.a], startAt: Math.ceil(best.t0 * 100 - 1e-6) / 100 };
  const end = { ...boundaries[best.b], endAt: Math.floor(best.t1 * 100 + 1e-6) / 100 };
  let interior = 0;
  for (let n = best.a + 1; n < best.b; n++) interior = Math.max(interior, boundaries[n].pause);
  return evaluate(src, start, end, relevance, mode, plan, interior);
}

/** Of the pairs of boundaries around [i, j] that can be made plan.min long, the one holding the fewest seconds outside [i, j] (cutCost added). */
function snugPair(src: SourceModel, boundaries: Boundary[], i: number, j: number, plan: LengthPlan): Snug | null {
  const [from, to] = [boundaries[i].startAt, boundaries[j].endAt];
  const goal = plan.min + 0.02; // two hundredths of rounding room
  const starts: number[] = [];
  for (let n = i; n >= 0 && boundaries[n].startAt >= from - REACH; n--) starts.push(n);
  const ends: number[] = [];
  for (let n = j; n < boundaries.length && boundaries[n].endAt <= to + REACH; n++) ends.push(n);
  let best: Snug | null = null;
  for (const a of starts) {
    for (const b of ends) {
      const [s, e] = [boundaries[a], boundaries[b]];
      const [lo, hi] = [earliest(src, s), latest(src, e)];
      if (hi - lo < goal || e.endAt - s.startAt > plan.max) continue;
      // Move the edges out into their pauses, evenly, until the clip is plan.min long.
      let need = Math.max(0, goal - (e.endAt - s.startAt));
      const back = Math.min(s.startAt - lo, Math.max(need / 2, need - (hi - e.endAt)));
      need -= back;
      const t0 = s.startAt - back;
      const t1 = Math.min(hi, e.endAt + need);
      const outside = Math.max(0, from - t0) + Math.max(0, t1 - to) + (a === i ? 0 : cutCost(s)) + (b === j ? 0 : cutCost(e));
      if (!best || outside < best.outside - 1e-6) best = { a, b, t0, t1, outside };
    }
  }
  return best;
}
