import type { AppContext } from './context.js';
import type { Worker } from './worker.js';

/** The background workers of the daemon; each area adds its own here. */
export function buildWorkers(_app: AppContext): Worker[] {
  return [];
}
