// One clip per moment: the best candidate of each unit of talk, moments before filler, no unit
// giving two unless more clips are asked for than the video has units; clips beyond the video's
// moments say so.
import { MAX_OVERLAP, overlapFraction, selectSpread } from './select.js';
import type { Unit } from './units.js';
import type { Candidate } from './windows.js';

const spanOf = (c: Candidate) => ({ start: c.start.startAt, end: c.end.endAt });

/**
 * `count` candidates, best first: first the moments' (one per unit), then other units', then,
 * when still short of `count`, any of `more()` (windows anywhere) that overlaps none taken by more
 * than MAX_OVERLAP. Spread over the video's thirds unless the request decides (`byRequest`).
 */
export function selectMoments(candidates: Candidate[], count: number, units: Unit[], length: number, byRequest: boolean, more: () => Candidate[] = () => []): Candidate[] {
  const third = byRequest ? undefined : length;
  const isMoment = (c: Candidate) => c.unit !== undefined && !!units[c.unit]?.moment;
  const groups = new Set(candidates.map((c) => c.topic)).size;
  let chosen = selectSpread(candidates.filter(isMoment), count, spanOf, (c) => c.utility, (c) => c.topic, third, true);
  const fill = (pool: Candidate[], once: boolean) => {
    if (chosen.length >= count) return;
    const free = pool.filter((c) => !chosen.includes(c) && chosen.every((k) => overlapFraction(spanOf(c), spanOf(k)) <= MAX_OVERLAP && (!once || k.topic !== c.topic)));
    chosen = [...chosen, ...selectSpread(free, count - chosen.length, spanOf, (c) => c.utility, (c) => c.topic, third, once)];
  };
  fill(candidates, count <= groups);
  if (chosen.length < count) fill(more().map((c) => ({ ...c, topic: -1 })), false);
  // Still short of what was asked: a second part of a unit already taken (it says it is extra).
  fill(candidates, false);
  const moments = units.filter((u) => u.moment).length;
  if (moments === 0 || count <= moments) return chosen;
  const seen = new Set<number>();
  return chosen.map((c) => {
    const repeat = c.unit !== undefined && seen.has(c.unit);
    if (c.unit !== undefined) seen.add(c.unit);
    return repeat || !isMoment(c) ? { ...c, extra: true } : c;
  });
}
