import { windowOf } from './plan.js';
import type { AxisPath, FramingPlan, MovingWindow } from './types.js';

/**
 * A clip's stored framing in another aspect ratio (issue 29, item 4: "the framing plan's crop
 * computed for the ratio"). The plan is made once per clip for 9:16; for 1:1, 4:5 or 16:9 each
 * window keeps its path's centre (the same subject followed the same way) and takes the ratio's
 * size, held inside the picture. Clamping the keys is enough: between two keys inside the
 * picture the window moves on a straight line, which stays inside too.
 */

interface Size {
  width: number;
  height: number;
}

/** `win` re-cut to `ratio` (w/h) around the same centre path, inside the source. */
export function reshapeWindow(win: MovingWindow, source: Size, ratio: number): MovingWindow {
  const { w, h } = windowOf(source, ratio);
  const shift = (p: AxisPath, from: number, to: number, limit: number): AxisPath => {
    const move = (v: number) => Math.min(Math.max(Math.round(v + (from - to) / 2), 0), Math.max(0, limit));
    return { v0: move(p.v0), keys: p.keys.map((k) => ({ ...k, v: move(k.v) })) };
  };
  return { w, h, x: shift(win.x, win.w, w, source.width - w), y: shift(win.y, win.h, h, source.height - h) };
}

/**
 * The plan for a `frame` of another shape: `fill` re-cut to the frame's ratio; the two `split`
 * windows re-cut to half the frame (stacked on a tall or square frame, side by side on a wide
 * one, as framingFilter lays them out).
 */
export function planForFrame(plan: FramingPlan, frame: Size): FramingPlan {
  const ratio = frame.width / frame.height;
  if (Math.abs(ratio - 9 / 16) < 1e-3) return plan;
  const half = frame.width > frame.height ? frame.width / 2 / frame.height : frame.width / (frame.height / 2);
  return {
    ...plan,
    fill: reshapeWindow(plan.fill, plan.source, ratio),
    ...(plan.split ? { split: { top: reshapeWindow(plan.split.top, plan.source, half), bottom: reshapeWindow(plan.split.bottom, plan.source, half) } } : {}),
  };
}
