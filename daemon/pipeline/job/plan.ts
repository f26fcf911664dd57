import type { Span } from './stages.js';

/** How a job's audio is cut: chunks transcribed in parallel, grouped into suggestion sections. */
export interface JobPlan {
  duration: number;
  chunks: Span[];
  /** Each section covers whole chunks: `first` to `last` chunk index, inclusive. */
  sections: Array<Span & { first: number; last: number }>;
}

const FRAME = 0.1; // seconds per level value

/**
 * Cuts `duration` seconds into about `chunkSeconds`-long chunks, each cut placed in the quietest
 * 0.3 s near its target (so no word is split between two recognisers), then groups the chunks
 * into sections of about `sectionSeconds`. The first section is half as long as the others:
 * the first previews then start early (issue 4, item 7: first preview before 40 % of the total).
 * A short source is one chunk and one section, which is the plain stage-after-stage pipeline.
 */
export function planJob(duration: number, levels: Float32Array, opts: { chunkSeconds: number; sectionSeconds: number }): JobPlan {
  const nChunks = Math.max(1, Math.round(duration / opts.chunkSeconds));
  const cuts = [0];
  for (let k = 1; k < nChunks; k++) cuts.push(quietestNear((duration * k) / nChunks, (duration / nChunks) * 0.3, levels));
  cuts.push(duration);
  const chunks = cuts.slice(0, -1).map((start, i) => ({ start, end: cuts[i + 1] })).filter((c) => c.end - c.start > 0.05);

  const sections: JobPlan['sections'] = [];
  const firstLength = duration > opts.sectionSeconds * 1.5 ? opts.sectionSeconds / 2 : opts.sectionSeconds;
  let limit = firstLength;
  chunks.forEach((chunk, i) => {
    const open = sections[sections.length - 1];
    const remaining = duration - chunk.start;
    // Start a new section once the open one is long enough, unless what is left would be a stub.
    if (!open || (open.end - open.start >= limit * 0.9 && remaining >= opts.sectionSeconds * 0.5)) {
      if (open) limit = opts.sectionSeconds;
      sections.push({ start: chunk.start, end: chunk.end, first: i, last: i });
    } else {
      open.end = chunk.end;
      open.last = i;
    }
  });
  return { duration, chunks, sections };
}

/** The middle of the quietest 0.3 s within `radius` seconds of `target`. */
function quietestNear(target: number, radius: number, levels: Float32Array): number {
  const from = Math.max(1, Math.floor((target - radius) / FRAME));
  const to = Math.min(levels.length - 2, Math.ceil((target + radius) / FRAME));
  if (to <= from) return target;
  let best = Math.round(target / FRAME);
  let bestLevel = Infinity;
  for (let i = from; i <= to; i++) {
    // Ties go to the frame nearest the target, so equal silences keep chunks even.
    const level = levels[i - 1] + levels[i] + levels[i + 1] + Math.abs(i * FRAME - target) * 1e-6;
    if (level < bestLevel) {
      bestLevel = level;
      best = i;
    }
  }
  return Math.round((best + 0.5) * FRAME * 1000) / 1000;
}

/** The frame length planJob expects its levels in. */
export const PLAN_FRAME_SECONDS = FRAME;
