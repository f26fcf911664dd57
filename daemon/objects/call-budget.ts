import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One time budget for every object-store call a request makes, in sequence or not: a request
 * whose calls each wait their own deadline would add them up (record, ListParts, assembly,
 * record write). Each call waits at most what is left of the request's budget; once it is spent,
 * the next call fails at once as `Unavailable`, so the request answers the envelope in time.
 */
interface Budget {
  deadline: number;
  /** False once the request has answered: work it started and left running is not bound by it. */
  open: boolean;
}

/** The object-store calls of one /v1 request take at most this together (answer within 15 s). */
export const REQUEST_OBJECT_BUDGET_MS = 10_000;

const current = new AsyncLocalStorage<Budget>();

/** Runs `fn` with its object-store calls sharing `ms` (nested budgets keep the earlier deadline). */
export async function withObjectBudget<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const outer = openBudget();
  if (outer && outer.deadline <= Date.now() + ms) return await fn();
  const budget: Budget = { deadline: Date.now() + ms, open: true };
  try {
    return await current.run(budget, fn);
  } finally {
    budget.open = false;
  }
}

function openBudget(): Budget | undefined {
  const b = current.getStore();
  return b?.open ? b : undefined;
}

/**
 * The timeouts of one call: `ms` for the whole call and `attemptMs` for each try, both cut to
 * what is left of the running request's budget, and the signal that aborts it.
 */
export function budgeted(attemptMs: number, ms: number): { requestTimeout: number; abortSignal: AbortSignal } {
  const b = openBudget();
  const left = b ? Math.min(ms, b.deadline - Date.now()) : ms;
  // A spent budget: the call fails before anything is sent.
  if (left <= 0) return { requestTimeout: 1, abortSignal: AbortSignal.abort(new DOMException('The request\'s object-store budget is spent', 'TimeoutError')) };
  return { requestTimeout: Math.min(attemptMs, left), abortSignal: AbortSignal.timeout(left) };
}
