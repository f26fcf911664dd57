/**
 * Reframing to 9:16, for previews (360x640) and full renders (1080x1920) alike (issue 5:
 * "centre crop as a start; keep the framing code in one place so a subject-following crop can
 * replace it"). Every preview, render and publish render gets its picture from here.
 */

export interface FramingInput {
  /** The source picture size (from the probe). */
  source: { width: number; height: number };
  /** Clip boundaries in the source, seconds (a subject-following crop needs them). */
  start: number;
  end: number;
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
export const centreCrop: Framing = ({ source: { width, height } }, size) => {
  const wide = width / height > size.width / size.height;
  const w = wide ? evenFloor((height * size.width) / size.height) : evenFloor(width);
  const h = wide ? evenFloor(height) : evenFloor((width * size.height) / size.width);
  const x = Math.floor((width - w) / 2);
  const y = Math.floor((height - h) / 2);
  return `crop=${w}:${h}:${x}:${y},scale=${size.width}:${size.height}:flags=bicubic,setsar=1`;
};

/** The whole picture inside the frame, with black bars (previews on request). */
export const letterbox: Framing = ({ source: { width, height } }, size) => {
  const byHeight = width / height < size.width / size.height;
  const w = byHeight ? evenFloor((size.height * width) / height) : size.width;
  const h = byHeight ? size.height : evenFloor((size.width * height) / width);
  return `scale=${w}:${h}:flags=bicubic,pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2:black,setsar=1`;
};

/** The framing in use. */
export const framing: Framing = centreCrop;
