// Which candidates become clips: "about one clip per two minutes of source (at least 1, at most
// 30), best first" and "no two clips overlapping by more than 20%" (issue 4, "Suggestion"); "a
// 90 s video with three topics gives two or three clips" (issue 20, item 3), one per topic first.

export const MAX_CLIPS = 30;
export const SECONDS_PER_CLIP = 120;
/** Largest allowed share of the shorter clip that another clip may cover. */
export const MAX_OVERLAP = 0.2;

/** A video up to this long (s) gets a clip per topic, up to SHORT_VIDEO_CLIPS. */
export const SHORT_VIDEO = 240;
const SHORT_VIDEO_CLIPS = 3;

/** Clips for `duration` seconds (of a video `whole` seconds long) with `topics` topics that can make a clip. */
export function clipCount(duration: number, topics = 0, whole = duration): number {
  const base = Math.min(MAX_CLIPS, Math.max(1, Math.round(duration / SECONDS_PER_CLIP)));
  return whole <= SHORT_VIDEO ? Math.max(base, Math.min(SHORT_VIDEO_CLIPS, topics)) : base;
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
 * those taken by more than MAX_OVERLAP, until `count` are taken. With `group` (the topic), a
 * first round takes at most one per group, so the clips spread over the video's topics.
 */
export function selectSpread<T>(candidates: T[], count: number, span: (c: T) => Span, utility: (c: T) => number, group?: (c: T) => number): T[] {
  const ranked = [...candidates].sort((a, b) => utility(b) - utility(a) || span(a).start - span(b).start);
  const taken: T[] = [];
  const groups = new Set<number>();
  for (const round of group ? [1, 2] : [2]) {
    for (const c of ranked) {
      if (taken.length >= count) break;
      if (taken.includes(c) || (round === 1 && groups.has(group!(c)))) continue;
      const s = span(c);
      if (taken.every((t) => overlapFraction(s, span(t)) <= MAX_OVERLAP)) {
        taken.push(c);
        if (group) groups.add(group(c));
      }
    }
  }
  return taken;
}
