import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Keeps a long upload's memory flat. Every chunk read from disk is a fresh off-heap buffer, and
 * V8 frees those only once their small on-heap handles are collected, which by default waits
 * for tens of MB of them: the RSS of a 2 GB upload climbed by about 35 MB and then fell, over and
 * over. A young-generation collection every 8 MiB read frees them at once; measured here, it
 * also took less GC time than V8's own schedule. Without --expose-gc support this does nothing.
 */
const EVERY_BYTES = 8 * 1024 * 1024;
let collect: ((opts?: { type: 'minor' }) => void) | null | undefined;
let sinceLast = 0;

function collector() {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as typeof collect;
  } catch {
    collect = null;
  }
  return collect;
}

/** Counts `n` bytes read; collects young garbage every 8 MiB. */
export function bytesRead(n: number): void {
  sinceLast += n;
  if (sinceLast < EVERY_BYTES) return;
  sinceLast = 0;
  collector()?.({ type: 'minor' });
}

/** A full collection now (at the end of a stage whose buffers are all garbage), where supported. */
export function collectGarbage(): void {
  collector()?.();
}
