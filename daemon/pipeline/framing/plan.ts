import { tripodPath } from './path.js';
import type { FaceTimeline } from './sample.js';
import { chooseSubjects, type Span } from './speaker.js';
import { boxAt, type FaceTrack } from './tracks.js';
import type { FramingPlan, Layout, MovingWindow } from './types.js';
import { faceOf, faceSpeakers, shownSpeakers, switchCuts, type Turn } from './turns.js';

/** Below this share of samples with a face, the clip is framed without faces (the fallback). */
const MIN_FACE_SHARE = 0.2;
/** Split: two faces apart in at least this share of the samples, and once for SPLIT_RUN seconds. */
const SPLIT_SHARE = 0.5;
const SPLIT_RUN = 3;
/** Fallback: the centre crop when it holds this share of the clip's motion, else the blurred fit. */
const CENTRE_MOTION_SHARE = 0.6;

const evenFloor = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/** The largest window of aspect `ratio` (w/h) inside the source. */
export function windowOf(source: { width: number; height: number }, ratio: number): { w: number; h: number } {
  return source.width / source.height > ratio
    ? { w: evenFloor(source.height * ratio), h: evenFloor(source.height) }
    : { w: evenFloor(source.width), h: evenFloor(source.width / ratio) };
}

/** A still window in the middle of the picture (today's centre crop, as a plan). */
export function stillWindow(source: { width: number; height: number }, ratio: number): MovingWindow {
  const { w, h } = windowOf(source, ratio);
  return { w, h, x: { v0: Math.floor((source.width - w) / 2), keys: [] }, y: { v0: Math.floor((source.height - h) / 2), keys: [] } };
}

/** The centre crop for a source nobody has looked at (no analysis, or the detector missing). */
export function centrePlan(source: { width: number; height: number }, duration: number, reason: string): FramingPlan {
  return { version: 1, source, duration, layout: 'fill', reason, fill: stillWindow(source, 9 / 16), cuts: [], samples: 0, samplesWithFace: 0 };
}

/** A window of `ratio` following `pick(t)`'s face, with the heavy-tripod path on both axes; it also cuts (never pans) at `switches` (s). */
function follow(tl: FaceTimeline, source: { width: number; height: number }, duration: number, ratio: number, pick: (i: number) => FaceTrack | undefined, switches: number[] = []): MovingWindow {
  if (switches.length) tl = { ...tl, cuts: [...new Set([...tl.cuts, ...switches])].sort((a, b) => a - b) };
  const { w, h } = windowOf(source, ratio);
  const centres = tl.times.map((t, i) => {
    const track = pick(i);
    const box = track && boxAt(track, t);
    return box && { x: (box.x + box.w / 2) * tl.scale, y: (box.y + box.h / 2) * tl.scale };
  });
  const axis = (window: number, size: number, at: (c: { x: number; y: number }) => number) =>
    tripodPath({ times: tl.times, targets: centres.map((c) => c && at(c) - window / 2), cuts: tl.cuts, window, max: size - window, rest: (size - window) / 2, duration });
  // On a tall window the face sits a little above the middle (room for the chin and captions).
  return { w, h, x: axis(w, source.width, (c) => c.x), y: axis(h, source.height, (c) => c.y + h * 0.1) };
}

/** The two largest faces at sample i, left one first, when they are too far apart for one 9:16 window. */
function apartPair(tl: FaceTimeline, i: number, fillWidth: number): [FaceTrack, FaceTrack] | undefined {
  const t = tl.times[i];
  const visible = tl.tracks.filter((tr) => boxAt(tr, t)).sort((a, b) => boxAt(b, t)!.w - boxAt(a, t)!.w);
  if (visible.length < 2) return undefined;
  const [a, b] = visible.slice(0, 2).sort((p, q) => boxAt(p, t)!.x - boxAt(q, t)!.x);
  const gap = (boxAt(b, t)!.x + boxAt(b, t)!.w - boxAt(a, t)!.x) * tl.scale;
  return gap > fillWidth * 0.9 ? [a, b] : undefined;
}

/**
 * The clip's framing from what its samples showed (issue 17, items 1 and 2): `split` when two
 * faces stay apart for several seconds, `fill` following the speaking face when there are
 * faces, and without faces the centre crop or the blurred fit, "whichever shows more of the
 * action" (the share of the clip's motion inside the centre window decides). With the words'
 * speakers (`turns`, issue 30 item 3) matched to faces, the fill window follows the face of the
 * speaker talking and the split layout puts that face on top, both cutting at speaker turns.
 */
export function planFraming(tl: FaceTimeline, source: { width: number; height: number }, duration: number, speech?: Span[], turns?: Turn[]): FramingPlan {
  const subjects = chooseSubjects(tl, speech);
  const bySpeaker = speakerFaces(tl, turns);
  const withFace = subjects.filter((s) => s !== undefined).length;
  const base = { version: 1 as const, source, duration, cuts: tl.cuts, samples: tl.times.length, samplesWithFace: withFace };
  const share = tl.times.length ? withFace / tl.times.length : 0;
  const centre = stillWindow(source, 9 / 16);

  if (share < MIN_FACE_SHARE) {
    const inCentre = centreMotionShare(tl, centre.x.v0 / source.width, (centre.x.v0 + centre.w) / source.width);
    const layout: Layout = inCentre >= CENTRE_MOTION_SHARE ? 'fill' : 'fit';
    const reason = `no face in ${Math.round((1 - share) * 100)}% of samples; ${Math.round(inCentre * 100)}% of the motion is in the centre`;
    return { ...base, layout, reason, fill: centre };
  }
  const fillIds = subjects.map((s, i) => bySpeaker?.(i)?.id ?? s);
  const fill = follow(tl, source, duration, 9 / 16, (i) => (fillIds[i] === undefined ? undefined : tl.tracks[fillIds[i]!]), bySpeaker ? switchCuts(tl.times, fillIds) : []);
  const pairs = tl.times.map((_, i) => apartPair(tl, i, centre.w));
  const apart = pairs.filter(Boolean).length;
  let run = 0;
  let longest = 0;
  pairs.forEach((p, i) => ((run = p ? run + (i ? tl.times[i] - tl.times[i - 1] : 0) : 0), (longest = Math.max(longest, run))));
  if (source.width > source.height && apart / tl.times.length >= SPLIT_SHARE && longest >= SPLIT_RUN) {
    let last: [FaceTrack, FaceTrack] | undefined;
    const held = pairs.map((p) => (last = p ?? last));
    // The speaker's face on top (left on top until a speaker is known), held between turns.
    let topId: number | undefined;
    const stacked = held.map((p, i) => {
      const talking = bySpeaker?.(i);
      if (p && talking && p.includes(talking)) topId = talking.id;
      return p && p[1].id === topId ? ([p[1], p[0]] as const) : p;
    });
    const swaps = bySpeaker ? switchCuts(tl.times, stacked.map((p) => p?.[0].id)) : [];
    const split = {
      top: follow(tl, source, duration, 9 / 8, (i) => stacked[i]?.[0], swaps),
      bottom: follow(tl, source, duration, 9 / 8, (i) => stacked[i]?.[1], swaps),
    };
    return { ...base, layout: 'split', reason: `two faces apart in ${Math.round((apart / tl.times.length) * 100)}% of samples${bySpeaker ? '; the speaker on top' : ''}`, fill, split };
  }
  return { ...base, layout: 'fill', reason: `a face in ${Math.round(share * 100)}% of samples${bySpeaker ? '; following the speaker' : ''}`, fill };
}

/** The face of the speaker shown at each sample (turns.ts), or undefined when no speaker's face is known. */
function speakerFaces(tl: FaceTimeline, turns: Turn[] | undefined): ((i: number) => FaceTrack | undefined) | undefined {
  if (!turns) return undefined;
  const matches = faceSpeakers(tl, turns);
  if (!matches.size) return undefined;
  const shown = shownSpeakers(tl.times, turns);
  return (i) => faceOf(tl, matches, shown[i], tl.times[i]);
}

/** Share of the clip's motion between the fractions `from` and `to` of the picture's width. */
function centreMotionShare(tl: FaceTimeline, from: number, to: number): number {
  const { cols, rows, energy } = tl.motion;
  let inside = 0;
  let all = 0;
  for (let c = 0; c < cols; c++) {
    const mid = (c + 0.5) / cols;
    for (let r = 0; r < rows; r++) {
      all += energy[r * cols + c];
      if (mid >= from && mid <= to) inside += energy[r * cols + c];
    }
  }
  return all > 1e-6 ? inside / all : 1; // a still picture: the centre crop loses nothing
}
