import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';

/** Priorities of heavy work: what a waiting person sees first goes first. */
export const HEAVY_PRIORITY = { preview: 30, render: 20, analysis: 15, audio: 12, transcription: 10, background: 0 } as const;

/**
 * The one queue every CPU-heavy child process (ffmpeg, speech recognition) goes through
 * (DESIGN.md: "Heavy stages run through p-queue with concurrency fitted to the cores"), shared
 * by all jobs so two jobs never run more processes than there are cores.
 */
export class HeavyQueue {
  readonly concurrency: number;
  private queue: PQueue;

  constructor(concurrency = defaultHeavyConcurrency()) {
    this.concurrency = Math.max(1, Math.floor(concurrency));
    this.queue = new PQueue({ concurrency: this.concurrency });
  }

  /**
   * Runs `work` when a slot is free. Higher `priority` first; an aborted `signal` drops the work
   * if it has not started yet (a started child process gets the signal itself).
   */
  run<T>(work: () => Promise<T>, opts: { priority?: number; signal?: AbortSignal } = {}): Promise<T> {
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
    return this.queue.add(work, { priority: opts.priority ?? HEAVY_PRIORITY.background, signal: opts.signal }) as Promise<T>;
  }

  get pending(): number {
    return this.queue.pending + this.queue.size;
  }
}

/** One process per core (a 2-core machine runs two ffmpeg / pocketsphinx processes at once). */
export function defaultHeavyConcurrency(): number {
  return availableParallelism();
}
