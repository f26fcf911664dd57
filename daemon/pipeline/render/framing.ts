import { framing as frame, type FramingInput } from '../media/framing.js';

/** Full renders are 1080x1920 (DESIGN.md); captions are laid out on this frame too. */
export const OUTPUT_WIDTH = 1080;
export const OUTPUT_HEIGHT = 1920;

/** The render's picture: the shared framing (pipeline/media/framing.ts) at full size. */
export const framing = (input: FramingInput): string => frame(input, { width: OUTPUT_WIDTH, height: OUTPUT_HEIGHT });
