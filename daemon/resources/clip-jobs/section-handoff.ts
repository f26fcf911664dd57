import type { JobPlan } from './plan.js';

/**
 * Hands a core from transcription to previews without a gap. Without it, when the chunk that
 * completes a section ends, the next waiting chunk takes its core at once, and the section's
 * previews (queued a moment later, once its clips are suggested) wait a whole chunk for one.
 * So that chunk keeps its core until the section's previews are queued: the preview, which has
 * the higher priority, gets the core next. It only waits when the suggestion can start right
 * away (analysis done, every chunk up to the section transcribed), so it never holds a core
 * while something that needs one is pending.
 */
export class SectionHandoff {
  private transcribed: boolean[];
  private analysed = false;
  private queued: Array<{ promise: Promise<void>; resolve: () => void; done: boolean }>;
  private aborted: Promise<void>;

  constructor(private plan: JobPlan, suggested: (section: number) => boolean, signal: AbortSignal) {
    this.transcribed = plan.chunks.map(() => false);
    this.queued = plan.sections.map((_, s) => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      const entry = { promise, resolve, done: suggested(s) };
      if (entry.done) resolve();
      return entry;
    });
    this.aborted = new Promise<void>((r) => (signal.aborted ? r() : signal.addEventListener('abort', () => r(), { once: true })));
  }

  chunkStored(i: number): void {
    this.transcribed[i] = true;
  }

  analysisStored(): void {
    this.analysed = true;
  }

  /** The section's clips are stored and their previews queued. */
  sectionQueued(s: number): void {
    this.queued[s].done = true;
    this.queued[s].resolve();
  }

  /** Called by chunk `i` before it gives its core back. */
  async holdFor(i: number): Promise<void> {
    const s = this.plan.sections.findIndex((x) => i >= x.first && i <= x.last);
    if (s < 0 || this.queued[s].done || !this.analysed) return;
    const ready = this.plan.sections.slice(0, s + 1).every((x) => this.transcribed.slice(x.first, x.last + 1).every(Boolean));
    if (ready) await Promise.race([this.queued[s].promise, this.aborted]);
  }
}
