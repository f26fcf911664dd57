import type { CliContext } from '../context.js';

export interface CutsOptions {
  clipId: string;
  /** Only filler words / only pauses (both when neither is given). */
  fillers?: boolean;
  silences?: boolean;
}

/** A span as `--keep` takes it. */
export const keepArg = (s: { start: number; end: number }) => `${s.start.toFixed(2)}-${s.end.toFixed(2)}`;

/**
 * `clipper clips cuts CLIP [--fillers] [--silences]` (extension GET /v1/clips/:clipId/cuts, issue
 * 29 item 5): the spans remove_fillers and remove_silences would cut, each as the `--keep` value
 * that puts it back on `renders create` or `posts publish`.
 */
export async function run(o: CutsOptions, ctx: CliContext): Promise<void> {
  const both = !o.fillers && !o.silences;
  const cuts = await (await ctx.client()).clips.cuts(o.clipId, { remove_fillers: both || Boolean(o.fillers), remove_silences: both || Boolean(o.silences) });
  ctx.out.data(cuts, () => {
    ctx.out.table(cuts.removed, [
      { header: 'KIND', value: (r) => r.kind },
      { header: 'KEEP', value: (r) => keepArg(r) },
      { header: 'LENGTH', value: (r) => `${(r.end - r.start).toFixed(2)} s` },
      { header: 'SAID', value: (r) => r.text ?? '' },
    ]);
    ctx.out.info(`${cuts.removed.length} spans: ${cuts.cut_duration.toFixed(2)} s instead of ${cuts.duration.toFixed(2)} s (${cuts.language} filler words); put one back with --keep START-END`);
  });
}
