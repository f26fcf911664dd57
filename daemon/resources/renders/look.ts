import type { CreateRenderInput, KeepSpan, Render } from '../../../src/api/renders.js';
import type { LookChoice } from '../../store/records.js';
import { clipWords, type ClipRow } from '../../store/clips.js';
import { planCuts, type CutPlan } from '../../pipeline/render/cuts.js';

/**
 * What a render or a post asked for, between the API's fields and the stored columns (issue 17:
 * layout, caption_style; issue 29: aspect, remove_fillers, remove_silences, keep; issue 30:
 * caption_speakers), in one place for renders and posts alike.
 */
export type LookInput = Pick<CreateRenderInput, 'layout' | 'caption_style' | 'aspect' | 'remove_fillers' | 'remove_silences' | 'keep' | 'caption_speakers'>;

const flag = (b: boolean | undefined) => (b === undefined ? null : b ? 1 : 0);

/** The columns of a request's choices; a field it does not give takes `base`'s (a post's current) value. */
export function lookColumns(input: LookInput, base: Partial<LookChoice> = {}): LookChoice {
  return {
    layout: input.layout ?? base.layout ?? null,
    caption_style: input.caption_style ?? base.caption_style ?? null,
    aspect: input.aspect ?? base.aspect ?? null,
    remove_fillers: input.remove_fillers === undefined ? base.remove_fillers ?? null : flag(input.remove_fillers),
    remove_silences: input.remove_silences === undefined ? base.remove_silences ?? null : flag(input.remove_silences),
    keep_spans: input.keep === undefined ? base.keep_spans ?? null : JSON.stringify(input.keep.map((k) => ({ start: k.start, end: k.end }))),
    caption_speakers: input.caption_speakers === undefined ? base.caption_speakers ?? null : flag(input.caption_speakers),
  };
}

export const keepOf = (look: Partial<LookChoice>): KeepSpan[] => (look.keep_spans ? (JSON.parse(look.keep_spans) as KeepSpan[]) : []);

/** The fields a render or post shows (each present only when it was chosen). */
export function lookView(look: Partial<LookChoice>): Pick<Render, 'layout' | 'caption_style' | 'aspect' | 'remove_fillers' | 'remove_silences' | 'keep' | 'caption_speakers'> {
  return {
    ...(look.layout ? { layout: look.layout } : {}),
    ...(look.caption_style ? { caption_style: look.caption_style } : {}),
    ...(look.aspect ? { aspect: look.aspect } : {}),
    ...(look.remove_fillers != null ? { remove_fillers: look.remove_fillers === 1 } : {}),
    ...(look.remove_silences != null ? { remove_silences: look.remove_silences === 1 } : {}),
    ...(look.keep_spans ? { keep: keepOf(look) } : {}),
    ...(look.caption_speakers != null ? { caption_speakers: look.caption_speakers === 1 } : {}),
  };
}

/** The cut list of a clip for what was asked (pipeline/render/cuts.ts). */
export function cutPlanFor(clip: Pick<ClipRow, 'words' | 'start' | 'end'>, look: Partial<LookChoice>, language: string): CutPlan {
  return planCuts(clipWords(clip), clip.start, clip.end, {
    removeFillers: look.remove_fillers === 1,
    removeSilences: look.remove_silences === 1,
    language,
    keep: keepOf(look),
  });
}
