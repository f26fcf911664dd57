/**
 * Reframing to 9:16 (issue 5: "centre crop as a start; keep the framing code in one place so a
 * subject-following crop can replace it"). Every full render and every publish render gets its
 * crop from here and nowhere else.
 */

export const OUTPUT_WIDTH = 1080;
export const OUTPUT_HEIGHT = 1920;

export interface FramingInput {
  /** The source picture size (from the probe). */
  source: { width: number; height: number };
  /** Clip boundaries in the source, seconds (a subject-following crop needs them). */
  start: number;
  end: number;
}

/** A strategy that turns the source picture into the 1080x1920 frame (an ffmpeg filter chain). */
export type Framing = (input: FramingInput) => string;

const evenFloor = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/**
 * Centre crop: the largest 9:16 window in the middle of the picture (full height for landscape,
 * full width for a source taller than 9:16), then scaled to 1080x1920. Cropping before scaling
 * scales only the pixels that are kept; sizes are numbers, not filter expressions, so old and
 * new ffmpeg builds cut the same window.
 */
export const centreCrop: Framing = ({ source: { width, height } }) => {
  const wide = width / height > OUTPUT_WIDTH / OUTPUT_HEIGHT;
  const w = wide ? evenFloor((height * OUTPUT_WIDTH) / OUTPUT_HEIGHT) : evenFloor(width);
  const h = wide ? evenFloor(height) : evenFloor((width * OUTPUT_HEIGHT) / OUTPUT_WIDTH);
  const x = Math.floor((width - w) / 2);
  const y = Math.floor((height - h) / 2);
  return `crop=${w}:${h}:${x}:${y},scale=${OUTPUT_WIDTH}:${OUTPUT_HEIGHT}:flags=bicubic,setsar=1`;
};

/** The framing in use. */
export const framing: Framing = centreCrop;
