// Where the trim handles snap (issue 16, item 1: "start and end handles that snap to word
// boundaries and pauses"). Pure, so a unit test checks it.

export interface Timed {
  start: number;
  end: number;
}

/** A silence between two words at least this long is a pause a handle may snap into (s). */
export const PAUSE = 0.25;

/**
 * Snap points of a handle: a start handle snaps to where words start, an end handle to where
 * they end; both snap to the middle of each pause.
 */
export function snapPoints(words: Timed[], handle: 'start' | 'end'): number[] {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  const points = sorted.map((w) => (handle === 'start' ? w.start : w.end));
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i].start - sorted[i - 1].end;
    if (gap >= PAUSE) points.push((sorted[i].start + sorted[i - 1].end) / 2);
  }
  return points.sort((a, b) => a - b);
}

/** `t` moved to the nearest snap point within `tolerance` seconds, else `t`. */
export function snap(t: number, points: number[], tolerance: number): number {
  let best = t;
  let bestGap = tolerance;
  for (const p of points) {
    const gap = Math.abs(p - t);
    if (gap <= bestGap) [best, bestGap] = [p, gap];
  }
  return best;
}

/** The next snap point after `t` (direction 1) or before it (-1); `t` when there is none. */
export function stepTo(t: number, points: number[], direction: 1 | -1): number {
  const eps = 1e-3;
  if (direction > 0) return points.find((p) => p > t + eps) ?? t;
  return [...points].reverse().find((p) => p < t - eps) ?? t;
}

/** Clip bounds kept 3 to 600 s apart inside [0, duration] (DESIGN.md PATCH /v1/clips/:clipId). */
export function clampSpan(start: number, end: number, duration: number, moved: 'start' | 'end'): Timed {
  const MIN = 3;
  const MAX = 600;
  let s = Math.max(0, Math.min(start, duration));
  let e = Math.max(0, Math.min(end, duration));
  if (moved === 'start') s = Math.min(Math.max(s, e - MAX), e - MIN);
  else e = Math.max(Math.min(e, s + MAX), s + MIN);
  return { start: Math.max(0, s), end: Math.min(duration, e) };
}
