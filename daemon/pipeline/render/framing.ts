import { ASPECT_SIZES, DEFAULT_ASPECT, type Aspect } from '../../../src/api/looks.js';
import { planForFrame } from '../framing/aspect.js';
import { framing as frame, type FramingInput } from '../media/framing.js';

/** Full renders are 1080x1920 by default (DESIGN.md); other aspects: ASPECT_SIZES (issue 29). */
export const OUTPUT_WIDTH = ASPECT_SIZES[DEFAULT_ASPECT].width;
export const OUTPUT_HEIGHT = ASPECT_SIZES[DEFAULT_ASPECT].height;

/** The output size of a render in `aspect`. */
export const outputSize = (aspect: Aspect = DEFAULT_ASPECT) => ASPECT_SIZES[aspect];

/**
 * The render's picture: the shared framing (pipeline/media/framing.ts) at full size, the
 * clip's plan re-cut for the aspect's ratio (framing/aspect.ts).
 */
export const framing = (input: FramingInput, aspect: Aspect = DEFAULT_ASPECT): string => {
  const size = outputSize(aspect);
  return frame({ ...input, plan: input.plan && planForFrame(input.plan, size) }, size);
};
