/**
 * `promise`, or the error `late()` makes once `ms` passed without an answer: a call to a server
 * that stopped answering fails in time instead of hanging (the timer keeps no process alive).
 */
export async function withinDeadline<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([promise, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
