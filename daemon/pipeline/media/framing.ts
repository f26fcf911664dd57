import { framingFilter } from '../framing/filter.js';
import { stillWindow } from '../framing/plan.js';
import type { FramingPlan, Layout } from '../framing/types.js';

/**
 * Reframing to 9:16, for previews (360x640) and full renders (1080x1920) alike (issue 5: "keep
 * the framing code in one place so a subject-following crop can replace it"; issue 17: "The
 * same framing drives previews and renders, computed once per clip and stored"). Every preview,
 * render and publish render gets its picture from here: the clip's stored plan when it has one
 * (pipeline/framing/), else the centre crop.
 */

export interface FramingInput {
  /** The source picture size (from the probe). */
  source: { width: number; height: number };
  /** Clip boundaries in the source, seconds. */
  start: number;
  end: number;
  /** The clip's framing (stored per clip); absent: the centre crop. */
  plan?: FramingPlan;
  /** A layout asked for by the render or post (issue 17: "overridable per render or post"). */
  layout?: Layout;
}

export interface FrameSize {
  width: number;
  height: number;
}

/** A strategy that turns the source picture into a `size` frame (an ffmpeg filter chain). */
export type Framing = (input: FramingInput, size: FrameSize) => string;

const evenFloor = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/**
 * Centre crop: the largest window of the frame's shape in the middle of the picture (full
 * height for landscape, full width for a taller source), then scaled to the frame. Cropping
 * before scaling scales only the pixels that are kept; sizes are numbers, not filter
 * expressions, so old and new ffmpeg builds cut the same window.
 */
export const centreCrop: Framing = ({ source }, size) => {
  const win = stillWindow(source, size.width / size.height);
  return `crop=${win.w}:${win.h}:${win.x.v0}:${win.y.v0},scale=${size.width}:${size.height}:flags=bicubic,setsar=1`;
};

/** The whole picture inside the frame, with black bars (previews on request). */
export const letterbox: Framing = ({ source: { width, height } }, size) => {
  const byHeight = width / height < size.width / size.height;
  const w = byHeight ? evenFloor((size.height * width) / height) : size.width;
  const h = byHeight ? size.height : evenFloor((size.width * height) / width);
  return `scale=${w}:${h}:flags=bicubic,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2:black,setsar=1`;
};

/**
 * The framing in use: the clip's plan in its chosen layout (or the one asked for), else the
 * centre crop. A filter that reads the graph's input and leaves one unlabelled output.
 */
export const framing: Framing = (input, size) => (input.plan ? framingFilter(input.plan, size, input.layout ?? input.plan.layout) : centreCrop(input, size));
