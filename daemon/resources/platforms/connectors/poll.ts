import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectorError } from './connector.js';

/**
 * Polls a platform's processing status (issue 15: "status polling until processed") until
 * `check` says done, every `everyMs`, for at most `forMs` of wall time; then a retryable error
 * (the task tries again later and, resuming from its saved state, polls again rather than
 * uploading again). `check` throws to stop with the platform's failure. The daemon stopping
 * aborts the wait.
 */
export async function pollUntil(req: { signal: AbortSignal }, o: { everyMs: number; forMs: number; what?: string }, check: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (await check()) return;
    if (performance.now() - started >= o.forMs) {
      throw new ConnectorError(`The platform was still processing ${o.what ?? 'the video'} after ${Math.round(o.forMs / 1000)} s; it is checked again later`, true);
    }
    await sleep(Math.max(1, o.everyMs), undefined, { signal: req.signal });
  }
}
