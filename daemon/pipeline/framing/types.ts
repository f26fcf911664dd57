// The shapes of subject-following framing (issue 17). A clip's FramingPlan is computed once,
// stored (daemon/store/framings.ts) and read by its preview, its full renders and every publish
// render, so all of them show the same picture.

import type { Layout } from '../../../src/api/renders.js';

/** Layouts (issue 17, item 2): the contract's list (src/api/renders.ts). */
export { LAYOUTS, type Layout } from '../../../src/api/renders.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A camera path on one axis: the window's left (or top) edge in source pixels. `x0` until the
 * first key; between keys the edge moves linearly (keys are dense enough that eases stay
 * smooth); a key with `cut: true` jumps at its time (a scene change: cut, never pan across).
 */
export interface PathKey {
  t: number;
  v: number;
  cut?: boolean;
}
export interface AxisPath {
  v0: number;
  keys: PathKey[];
}

/** A crop window of fixed size that moves along a path (clip-relative seconds). */
export interface MovingWindow {
  w: number;
  h: number;
  x: AxisPath;
  y: AxisPath;
}

export interface FramingPlan {
  version: 1;
  source: { width: number; height: number };
  /** Clip length (s); path times run from 0 at the clip start. */
  duration: number;
  /** What the analysis chose (issue 17: "chosen automatically, overridable per render or post"). */
  layout: Layout;
  /** Why (shown in logs and kept for the editor): e.g. "one face in 96% of samples". */
  reason: string;
  /** The 9:16 window for `fill` (a still centre window when no face was found). */
  fill: MovingWindow;
  /** Two 9:8 windows, top and bottom, present when two faces stayed apart long enough. */
  split?: { top: MovingWindow; bottom: MovingWindow };
  /** Scene changes inside the clip (s from its start). */
  cuts: number[];
  /** Samples looked at and how many had a face (for tests and the log). */
  samples: number;
  samplesWithFace: number;
}
