import { planChunks } from '../transcribe/chunking.js';
import type { Span } from './stages.js';

/** How a job's audio is cut: chunks transcribed in parallel, grouped into suggestion sections. */
export interface JobPlan {
  duration: number;
  chunks: Span[];
  /** Each section covers whole chunks: `first` to `last` chunk index, inclusive. */
  sections: Array<Span & { first: number; last: number }>;
}

/**
 * Cuts the audio at quiet points into chunks of at most about `chunkSeconds` (the speech
 * engines' own chunk planner: enough chunks for every core, no word cut in two), then groups
 * them into sections of about `sectionSeconds`, suggested one after the other so previews start
 * while later sections are still being transcribed. The first section is one chunk (at most
 * half a section), so the first previews come early (issue 4, item 7: first preview before 40 %
 * of the total). A short source is one section: the plain stage-after-stage pipeline.
 */
export function planJob(duration: number, energies: Float32Array, opts: { parallel: number; chunkSeconds: number; sectionSeconds: number }): JobPlan {
  const chunks = planChunks(energies, duration, { parallel: opts.parallel, maxChunk: opts.chunkSeconds, minChunk: Math.min(15, opts.chunkSeconds) });
  const sections: JobPlan['sections'] = [];
  const firstLength = duration > opts.sectionSeconds * 1.5 ? Math.min(opts.sectionSeconds / 2, opts.chunkSeconds) : opts.sectionSeconds;
  let limit = firstLength;
  chunks.forEach((chunk, i) => {
    const open = sections[sections.length - 1];
    const remaining = duration - chunk.start;
    // A new section once the open one is long enough, unless what is left would be a stub.
    if (!open || (open.end - open.start >= limit * 0.75 && remaining >= opts.sectionSeconds * 0.5)) {
      if (open) limit = opts.sectionSeconds;
      sections.push({ start: chunk.start, end: chunk.end, first: i, last: i });
    } else {
      open.end = chunk.end;
      open.last = i;
    }
  });
  return { duration, chunks, sections };
}
