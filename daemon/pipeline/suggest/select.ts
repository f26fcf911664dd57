// Which candidates become clips: one per moment (a unit of talk: units.ts), about one per two
// minutes of source at most (at least 3 for a video over a minute with speech, at most 30), best
// first, no two overlapping by more than 20%, spread over the video.

export const MAX_CLIPS = 30;
export const SECONDS_PER_CLIP = 120;
/** Largest allowed share of the shorter clip that another clip may cover. */
export const MAX_OVERLAP = 0.2;

/** At least this many clips for a video over a minute with speech, and at most this many moments' clips in any video. */
export const MIN_CLIPS_WITH_SPEECH = 3;
const SPEECH_MINUTE = 60;

/**
 * Clips for `duration` seconds (of a video `whole` seconds long) in which `moments` moments were
 * found. By default one per moment, at most 3 or about one per two minutes of the video, whichever
 * is more (at most MAX_CLIPS): a video with fewer moments gives fewer clips. Without moments found
 * (no speech, or none told apart) the length decides: one per two minutes, at least 3 for a video
 * over a minute with speech. `asked` (the job's `clip_count`) replaces the whole video's count.
 * A section gets its share of the whole count.
 */
export function clipCount(duration: number, moments = 0, whole = duration, opts: { asked?: number; speech?: boolean } = {}): number {
  const speech = opts.speech ?? moments > 0;
  let total = opts.asked ?? Math.min(MAX_CLIPS, Math.max(1, Math.round(whole / SECONDS_PER_CLIP)));
  if (opts.asked === undefined && ((speech && whole > SPEECH_MINUTE) || moments > 0)) total = Math.max(total, MIN_CLIPS_WITH_SPEECH);
  const share = duration >= whole - 0.01 ? total : Math.max(1, Math.round((total * duration) / whole));
  return opts.asked === undefined && moments > 0 ? Math.min(share, moments) : share;
}

/** A candidate in another third is taken for spread only if worth this share of the best one. */
const SPREAD_WORTH = 0.75;

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
 * first round takes at most one per group, so the clips spread over the video's topics. With
 * `length` (the span's duration): no more than half of them from any one third
 * of it while other thirds still have candidates worth three quarters of the best one; only when
 * they have none (silence, music, or only filler there) does a third take more. With
 * `oncePerGroup`, no group gives two (one clip per moment).
 */
export function selectSpread<T>(
  candidates: T[], count: number, span: (c: T) => Span, utility: (c: T) => number, group?: (c: T) => number, length?: number, oncePerGroup = false,
): T[] {
  const ranked = [...candidates].sort((a, b) => utility(b) - utility(a) || span(a).start - span(b).start);
  const taken: T[] = [];
  const groups = new Set<number>();
  const third = (c: T) => (length ? Math.min(2, Math.max(0, Math.floor((((span(c).start + span(c).end) / 2) / length) * 3))) : 0);
  const perThird = [0, 0, 0];
  const cap = length && count >= 2 ? Math.max(1, Math.floor(count / 2)) : Infinity;
  for (const round of group ? [1, 2, 3] : [2, 3]) {
    for (const c of ranked) {
      if (taken.length >= count) break;
      if (taken.includes(c) || ((round === 1 || oncePerGroup) && group && groups.has(group(c)))) continue;
      if (round < 3 && (perThird[third(c)] >= cap || (length && taken.length && utility(c) < SPREAD_WORTH * utility(taken[0])))) continue;
      const s = span(c);
      if (taken.every((t) => overlapFraction(s, span(t)) <= MAX_OVERLAP)) {
        taken.push(c);
        perThird[third(c)]++;
        if (group) groups.add(group(c));
      }
    }
  }
  return taken;
}
