import { Option, type Command } from 'commander';
import { ASPECTS, CAPTION_STYLES, LAYOUTS, type Aspect, type CaptionStyle, type Layout } from '../api/looks.js';
import type { KeepSpan } from '../api/renders.js';
import { usageError } from './exit-codes.js';

/**
 * The look of a rendered or published video as flags (issue 17's caption_style and layout;
 * issue 29's aspect, remove_fillers, remove_silences and keep; DESIGN.md "Third round"; issue 30's caption_speakers), one
 * set for `renders create`, `posts edit` and `posts publish`.
 */
export interface LookOptions {
  style?: CaptionStyle;
  layout?: Layout;
  aspect?: Aspect;
  removeFillers?: boolean;
  removeSilences?: boolean;
  /** `--keep START-END`, repeatable or comma-separated: removed spans to put back. */
  keep?: string[];
  /** Issue 30, item 3: captions show who speaks. */
  captionSpeakers?: boolean;
}

export interface LookBody {
  caption_style?: CaptionStyle;
  layout?: Layout;
  aspect?: Aspect;
  remove_fillers?: boolean;
  remove_silences?: boolean;
  keep?: KeepSpan[];
  caption_speakers?: boolean;
}

const SPAN = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/;

/** `12.4-12.9` (seconds of the source video), several per value with commas. */
export function parseKeep(values: string[]): KeepSpan[] {
  return values.flatMap((v) => v.split(',')).map((text) => {
    const m = SPAN.exec(text.trim());
    if (!m || Number(m[2]) <= Number(m[1])) throw usageError(`--keep takes START-END in seconds of the source video, end after start (e.g. --keep 12.40-12.95; \`clipper clips cuts CLIP\` lists the spans), got "${text}"`);
    return { start: Number(m[1]), end: Number(m[2]) };
  });
}

/** The request fields the flags give (only those given; the daemon checks the rest). */
export function lookBody(o: LookOptions): LookBody {
  return {
    ...(o.style !== undefined ? { caption_style: o.style } : {}),
    ...(o.layout !== undefined ? { layout: o.layout } : {}),
    ...(o.aspect !== undefined ? { aspect: o.aspect } : {}),
    ...(o.removeFillers !== undefined ? { remove_fillers: o.removeFillers } : {}),
    ...(o.removeSilences !== undefined ? { remove_silences: o.removeSilences } : {}),
    ...(o.keep?.length ? { keep: parseKeep(o.keep) } : {}),
    ...(o.captionSpeakers !== undefined ? { caption_speakers: o.captionSpeakers } : {}),
  };
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * Adds the look flags to a command. `of`: what they shape ("the render", "the published
 * video"); `negatable` adds --no-remove-fillers and --no-remove-silences (editing a draft
 * that has them on).
 */
export function withLookFlags(cmd: Command, of: string, o: { styleHelp: string; layoutHelp: string; negatable?: boolean }): Command {
  cmd
    .addOption(new Option('--style <preset>', o.styleHelp).choices(CAPTION_STYLES))
    .addOption(new Option('--layout <layout>', o.layoutHelp).choices(LAYOUTS))
    .addOption(new Option('--aspect <ratio>', `aspect ratio of ${of}: 9:16 (1080x1920, default), 1:1 (1080x1080), 4:5 (1080x1350) or 16:9 (1920x1080)`).choices(ASPECTS))
    .option('--remove-fillers', `cut filler words (um, uh, you know...) out of ${of}: picture, sound and captions`);
  if (o.negatable) cmd.option('--no-remove-fillers', 'keep the filler words (the default)');
  cmd.option('--remove-silences', `shorten pauses longer than 0.6 s in ${of} to a short gap`);
  if (o.negatable) cmd.option('--no-remove-silences', 'keep the pauses (the default)');
  cmd.option('--caption-speakers', `captions of ${of} show who speaks: a colour per speaker, a dash where the speaker changes`);
  if (o.negatable) cmd.option('--no-caption-speakers', 'captions without speaker marks (the default)');
  return cmd.option('--keep <start-end>', 'put back one removed span, seconds of the source (repeat it, or join spans with commas; `clipper clips cuts CLIP` lists them)', collect);
}
