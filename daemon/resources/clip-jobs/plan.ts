import { FRAME_SECONDS, planChunks } from '../../pipeline/transcribe/chunking.js';
import type { Span } from '../../pipeline/stages.js';

/** How a job's audio is cut: chunks transcribed in parallel, grouped into suggestion sections. */
export interface JobPlan {
  duration: number;
  chunks: Span[];
  /** Each section covers whole chunks: `first` to `last` chunk index, inclusive. */
  sections: Array<Span & { first: number; last: number }>;
}

/**
 * Cuts the audio at quiet points into chunks of at most about `chunkSeconds` (the speech
 * engines' own chunk planner: no word cut in two), then groups them into sections of about
 * `sectionSeconds`, suggested one after the other so previews start while later sections are
 * still being transcribed. The first section is the first chunk alone, itself cut into one
 * piece per core, so the first previews come early (issue 4, item 7: first preview before 40 %
 * of the total). A short source is one section: the plain stage-after-stage pipeline.
 */
export function planJob(duration: number, energies: Float32Array, opts: { parallel: number; chunkSeconds: number; sectionSeconds: number; strict?: boolean }): JobPlan {
  let chunks: Span[] = planChunks(energies, duration, { parallel: opts.parallel, maxChunk: opts.chunkSeconds, minChunk: Math.min(15, opts.chunkSeconds), strict: opts.strict });
  const sectioned = duration > opts.sectionSeconds * 1.5 && chunks.length > 1;
  let firstLength = opts.sectionSeconds;
  if (sectioned) {
    const head = chunks[0];
    const pieces = planChunks(energies.subarray(0, Math.round(head.end / FRAME_SECONDS)), head.end, { parallel: opts.parallel, maxChunk: head.end / opts.parallel, minChunk: 10, strict: opts.strict });
    chunks = [...pieces, ...chunks.slice(1)];
    firstLength = head.end;
  }
  const sections: JobPlan['sections'] = [];
  let limit = firstLength;
  chunks.forEach((chunk, i) => {
    const open = sections[sections.length - 1];
    // A new section once the open one is long enough, unless what is left would be a stub.
    const full = open && (sections.length === 1 && sectioned ? chunk.start >= firstLength - 1e-6 : open.end - open.start >= limit * 0.75);
    if (!open || (full && duration - chunk.start >= opts.sectionSeconds * 0.5)) {
      if (open) limit = opts.sectionSeconds;
      sections.push({ start: chunk.start, end: chunk.end, first: i, last: i });
    } else {
      open.end = chunk.end;
      open.last = i;
    }
  });
  return { duration, chunks, sections };
}
