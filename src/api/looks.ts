// The values of the render and post extension fields of issue 17, without zod, so the CLI's
// program chunk can list them in help texts (test/cli/startup.test.ts: only commander there).

/** Issue 17, item 2: `fill` follows one subject (default), `fit` shows the whole frame over a
 *  blurred copy, `split` stacks two speakers. Absent: chosen automatically per clip. */
export const LAYOUTS = ['fill', 'fit', 'split'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Issue 17, item 3: burned-in caption presets (`classic` is the original style and the default). */
export const CAPTION_STYLES = ['classic', 'karaoke', 'pop', 'boxed', 'minimal'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

/**
 * Issue 29, item 4: the aspect ratios a render or post is made in (DESIGN.md "Third round":
 * `aspect`, `9:16` default). Output sizes per ratio: ASPECT_SIZES.
 */
export const ASPECTS = ['9:16', '1:1', '4:5', '16:9'] as const;
export type Aspect = (typeof ASPECTS)[number];
export const DEFAULT_ASPECT: Aspect = '9:16';

/** The full-quality output size of each aspect ratio (issue 29, item 4). */
export const ASPECT_SIZES: Record<Aspect, { width: number; height: number }> = {
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
  '16:9': { width: 1920, height: 1080 },
};
