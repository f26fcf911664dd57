/**
 * Reframing to 9:16 (issue 5: "centre crop as a start; keep the framing code in one place so a
 * subject-following crop can replace it"). Every full render and every publish render gets its
 * crop from here and nowhere else.
 */

export const OUTPUT_WIDTH = 1080;
export const OUTPUT_HEIGHT = 1920;

export interface FramingInput {
  /** Clip boundaries in the source, seconds (a subject-following crop needs them). */
  start: number;
  end: number;
}

/** A strategy that turns the source picture into the 1080x1920 frame (an ffmpeg filter chain). */
export type Framing = (input: FramingInput) => string;

/**
 * Centre crop: the largest 9:16 window in the middle of the picture (full height for landscape,
 * full width for a source taller than 9:16), scaled to 1080x1920. Written with ffmpeg
 * expressions on iw/ih, so it needs no probe of the source size; sizes are kept even for x264.
 */
export const centreCrop: Framing = () =>
  [
    "crop=w='trunc(min(iw,ih*9/16)/2)*2':h='trunc(min(ih,iw*16/9)/2)*2'",
    `scale=${OUTPUT_WIDTH}:${OUTPUT_HEIGHT}:flags=bicubic`,
    'setsar=1',
  ].join(',');

/** The framing in use. */
export const framing: Framing = centreCrop;
