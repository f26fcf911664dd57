import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import { limitModelHosts } from './model-host.js';

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
    // The model hosts follow the heavy slots: at most one engine runtime per slot.
    limitModelHosts(this.concurrency);
  }

  /**
   * Runs `work` when a slot is free, higher `priority` first. Work whose `signal` is aborted by
   * the time its turn comes is skipped; started work gets the signal itself (child processes
   * are killed with it). The signal is deliberately not given to p-queue: p-queue settles an
   * aborted task at once and frees its slot while the process may still be running, which would
   * break both the bound on processes and "nothing of an attempt runs after it ended".
   */
  run<T>(work: () => Promise<T>, opts: { priority?: number; signal?: AbortSignal } = {}): Promise<T> {
    const { signal } = opts;
    const guarded = async () => {
      signal?.throwIfAborted();
      return work();
    };
    return this.queue.add(guarded, { priority: opts.priority ?? HEAVY_PRIORITY.background }) as Promise<T>;
  }

  get pending(): number {
    return this.queue.pending + this.queue.size;
  }
}

/** One process per core (a 2-core machine runs two ffmpeg / pocketsphinx processes at once). */
export function defaultHeavyConcurrency(): number {
  return availableParallelism();
}
