import { blocks, centreOf, iou, meanDiff } from './frame-ops.js';
import type { Box } from './types.js';

/** One person's face followed across samples of one scene. */
export interface FaceTrack {
  id: number;
  /** Detected boxes (sample-frame pixels) at the times they were detected. */
  obs: { t: number; box: Box }[];
  /**
   * Mouth activity at each sample while the track lived: how much the mouth region changed
   * since the previous sample beyond how much the upper face changed (a moving head changes
   * both; a speaking mouth changes the lower one more). Issue 17: "the face whose mouth moves".
   */
  activity: { t: number; a: number }[];
}

/** Detections a track needs to count (the tiny detector now and then finds a face in a pattern). */
const MIN_SIGHTINGS = 2;
/** A face unseen this long (s) has left; a face found later is a new track. */
const LOST_AFTER = 1.5;

interface Live {
  track: FaceTrack;
  box: Box;
  lastSeen: number;
  /** Detections (not holds) so far. */
  sightings: number;
  mouth?: Float32Array;
  eyes?: Float32Array;
}

/** Where the mouth and the eyes sit in a tiny-face-detector box (measured on the astronaut photo). */
const MOUTH = { x: 0.2, y: 0.5, w: 0.6, h: 0.32 };
const EYES = { x: 0.15, y: 0.18, w: 0.7, h: 0.27 };
const part = (b: Box, p: Box): Box => ({ x: b.x + p.x * b.w, y: b.y + p.y * b.h, w: p.w * b.w, h: p.h * b.h });

/** Links detections into tracks; a scene cut ends every track (nobody pans across a cut). */
export class TrackSet {
  readonly tracks: FaceTrack[] = [];
  private live: Live[] = [];

  /** The faces being followed: each one's track and its latest box. */
  get following(): { track: FaceTrack; box: Box }[] {
    return this.live.map((l) => ({ track: l.track, box: l.box }));
  }

  /**
   * Faces detected at `t`: each joins the live track it overlaps most, or starts a new one.
   * Returns the tracks that got a face.
   */
  detected(t: number, faces: Box[]): FaceTrack[] {
    const found: FaceTrack[] = [];
    const free = new Set(this.live);
    for (const face of [...faces].sort((a, b) => b.w * b.h - a.w * a.h)) {
      let best: Live | undefined;
      let bestScore = 0;
      for (const l of free) {
        // Same person: about the same size, and not further than a face width or so since last seen.
        const distance = Math.hypot(centreOf(l.box).x - centreOf(face).x, centreOf(l.box).y - centreOf(face).y);
        const sameSize = Math.max(l.box.w, face.w) < 1.6 * Math.min(l.box.w, face.w);
        const reach = Math.max(l.box.w, face.w) * (1 + 1.5 * (t - l.lastSeen));
        const score = iou(l.box, face) + 1 - distance / reach;
        if (sameSize && distance < reach && score > bestScore) (best = l), (bestScore = score);
      }
      if (best) {
        free.delete(best);
        best.box = face;
        best.lastSeen = t;
        best.sightings++;
        best.track.obs.push({ t, box: face });
        found.push(best.track);
      } else {
        const track: FaceTrack = { id: this.tracks.length, obs: [{ t, box: face }], activity: [] };
        this.tracks.push(track);
        this.live.push({ track, box: face, lastSeen: t, sightings: 1 });
        found.push(track);
      }
    }
    this.live = this.live.filter((l) => t - l.lastSeen <= LOST_AFTER);
    return found;
  }

  /**
   * A followed face found again without the detector (looks.ts): still where it was, or moved
   * to `box`. Only a face detected at least MIN_SIGHTINGS times is followed this way, so a
   * one-off false detection never becomes a track (false: not held, detect it).
   */
  held(t: number, track: FaceTrack, box?: Box): boolean {
    const l = this.live.find((x) => x.track === track);
    if (!l || l.sightings < MIN_SIGHTINGS) return false;
    if (box) l.box = box;
    l.lastSeen = t;
    track.obs.push({ t, box: l.box });
    return true;
  }

  /** Every sample: mouth activity of each live track, measured in the grey frame. */
  sampled(t: number, grey: Uint8Array, width: number, height: number): void {
    for (const l of this.live) {
      const mouth = blocks(grey, width, height, part(l.box, MOUTH), 6, 4);
      const eyes = blocks(grey, width, height, part(l.box, EYES), 6, 4);
      if (l.mouth && l.eyes) l.track.activity.push({ t, a: Math.max(0, meanDiff(mouth, l.mouth) - meanDiff(eyes, l.eyes)) });
      l.mouth = mouth;
      l.eyes = eyes;
    }
  }

  /** A scene cut: every face leaves with the old scene. */
  cut(): void {
    this.live = [];
  }

  /** The tracks, less one-off detections (a face seen once is most likely not one). */
  result(): FaceTrack[] {
    return this.tracks.filter((tr) => tr.obs.length >= MIN_SIGHTINGS).map((tr, id) => ({ ...tr, id }));
  }
}

/** A track's box at `t`, linearly between its detections (undefined outside its life). */
export function boxAt(track: FaceTrack, t: number): Box | undefined {
  const o = track.obs;
  if (!o.length || t < o[0].t - 0.26 || t > o[o.length - 1].t + 0.26) return undefined;
  let i = 0;
  while (i + 1 < o.length && o[i + 1].t <= t) i++;
  const a = o[i];
  const b = o[i + 1];
  if (!b || t <= a.t) return a.box;
  const f = (t - a.t) / (b.t - a.t);
  const mix = (p: number, q: number) => p + (q - p) * f;
  return { x: mix(a.box.x, b.box.x), y: mix(a.box.y, b.box.y), w: mix(a.box.w, b.box.w), h: mix(a.box.h, b.box.h) };
}
