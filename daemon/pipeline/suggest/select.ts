// Which candidates become clips: "about one clip per two minutes of source (at least 1, at most
// 30), best first" and "no two clips overlapping by more than 20%" (issue 4, "Suggestion").

export const MAX_CLIPS = 30;
export const SECONDS_PER_CLIP = 120;
/** Largest allowed share of the shorter clip that another clip may cover. */
export const MAX_OVERLAP = 0.2;

export function clipCount(duration: number): number {
  return Math.min(MAX_CLIPS, Math.max(1, Math.round(duration / SECONDS_PER_CLIP)));
}

interface Span {
  start: number;
  end: number;
}

/** Overlap of two clips as a share of the shorter one (0 when disjoint, 1 when one contains the other). */
export function overlapFraction(a: Span, b: Span): number {
  const shared = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  const shorter = Math.min(a.end - a.start, b.end - b.start);
  return shared <= 0 || shorter <= 0 ? 0 : shared / shorter;
}

/**
 * Greedy selection: the highest-utility candidate first, then each next best that overlaps none of
 * those taken by more than MAX_OVERLAP, until `count` are taken.
 */
export function selectSpread<T>(candidates: T[], count: number, span: (c: T) => Span, utility: (c: T) => number): T[] {
  const ranked = [...candidates].sort((a, b) => utility(b) - utility(a) || span(a).start - span(b).start);
  const taken: T[] = [];
  for (const c of ranked) {
    if (taken.length >= count) break;
    const s = span(c);
    if (taken.every((t) => overlapFraction(s, span(t)) <= MAX_OVERLAP)) taken.push(c);
  }
  return taken;
}
