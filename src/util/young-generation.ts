import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';

let wanted = false;

/**
 * Keeps this process's young generation at its first size (two 1 MB semi-spaces) instead of
 * letting V8 grow it to 2 x 16 MB under load: a long-running process whose big data lives in
 * typed arrays and off-heap buffers (frames, audio, word vectors) gains little from a large
 * nursery, and its pages stay resident once touched. The same as starting Node with
 * --max-semi-space-size=1 (what the model host is started with), for a process that cannot
 * choose its own flags: V8 reads the growth factor each time it would grow the space. A
 * scavenge then comes more often, which also frees the off-heap buffers of short-lived
 * handles sooner.
 */
export function keepYoungGenerationSmall(): void {
  wanted = true;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}

/** A worker thread's start sets V8's flags back to their defaults: set again once it runs. */
export function keepAfterStart(worker: Worker): void {
  if (wanted) worker.once('online', () => v8.setFlagsFromString('--semi-space-growth-factor=1'));
}
