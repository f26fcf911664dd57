/**
 * Resolves on SIGINT or SIGTERM, or when `signal` aborts (tests), with the reason; removes its
 * listeners afterwards so a long test run does not pile them up.
 */
export function waitForStop(signal?: AbortSignal): Promise<string> {
  return new Promise((resolve) => {
    const done = (reason: string) => () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      signal?.removeEventListener('abort', onAbort);
      resolve(reason);
    };
    const onInt = done('SIGINT');
    const onTerm = done('SIGTERM');
    const onAbort = done('abort');
    if (signal?.aborted) return onAbort();
    // `on`, not `once`: see uploads/index.ts (signal-exit kills a process whose own listener is gone).
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
