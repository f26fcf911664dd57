import type { JobPlan } from './plan.js';

/**
 * Weights of the stages in a job's progress, from where the time goes on a spoken video
 * (transcription is most of it, previews next; probe and suggestion are nearly free).
 */
export const STAGE_WEIGHTS = { ingest: 0.06, probe: 0.01, audio: 0.04, analyse: 0.06, transcribe: 0.55, suggest: 0.03, previews: 0.25 } as const;
export type WeightedStage = keyof typeof STAGE_WEIGHTS;

/**
 * A job's progress 0..1 from the parts it has finished. Chunked stages report fractions of
 * their parts (chunks by duration, sections, previews by clip); the value never goes down,
 * and stays under 1 until the job is done.
 */
export class JobProgress {
  private whole = new Map<WeightedStage, number>();
  private chunks = new Map<number, number>();
  private sectionsDone = new Set<number>();
  private previews = { done: 0, known: 0 };
  private last = 0;

  constructor(private plan?: JobPlan) {}

  setPlan(plan: JobPlan): void {
    this.plan = plan;
  }

  stage(name: WeightedStage, fraction = 1): void {
    this.whole.set(name, Math.max(this.whole.get(name) ?? 0, Math.min(1, fraction)));
  }

  chunk(index: number, fraction: number): void {
    this.chunks.set(index, Math.max(this.chunks.get(index) ?? 0, Math.min(1, fraction)));
  }

  section(index: number): void {
    this.sectionsDone.add(index);
  }

  /** Counted in memory (issue 27, item 8): the clips found so far, and their previews made. */
  previewCounts(done: number, known: number): void {
    this.previews = { done, known };
  }

  clipsFound(n: number): void {
    this.previews.known += n;
  }

  previewMade(): void {
    this.previews.done += 1;
  }

  /** Clips found so far (the job's 30-clip cap counts them). */
  get clipCount(): number {
    return this.previews.known;
  }

  value(): number {
    let v = 0;
    for (const [name, f] of this.whole) v += STAGE_WEIGHTS[name] * f;
    const plan = this.plan;
    if (plan && plan.duration > 0) {
      let spoken = 0;
      for (const [i, f] of this.chunks) spoken += (plan.chunks[i].end - plan.chunks[i].start) * f;
      v += STAGE_WEIGHTS.transcribe * Math.min(1, spoken / plan.duration);
      const sectionShare = this.sectionsDone.size / plan.sections.length;
      v += STAGE_WEIGHTS.suggest * sectionShare;
      // Previews of the sections not suggested yet are unknown: count them as still to come.
      if (this.previews.known > 0) v += STAGE_WEIGHTS.previews * sectionShare * (this.previews.done / this.previews.known);
    }
    this.last = Math.max(this.last, Math.min(0.99, v));
    return this.last;
  }
}
