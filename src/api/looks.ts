// The values of the render and post extension fields of issue 17, without zod, so the CLI's
// program chunk can list them in help texts (test/cli/startup.test.ts: only commander there).

/** Issue 17, item 2: `fill` follows one subject (default), `fit` shows the whole frame over a
 *  blurred copy, `split` stacks two speakers. Absent: chosen automatically per clip. */
export const LAYOUTS = ['fill', 'fit', 'split'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Issue 17, item 3: burned-in caption presets (`classic` is the original style and the default). */
export const CAPTION_STYLES = ['classic', 'karaoke', 'pop', 'boxed', 'minimal'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];
