import { withinDeadline } from '../domain/deadline.js';

/**
 * A database that does not answer (a paused or unreachable server, a lock held too long), told
 * apart from other failures: a request answers INTERNAL_ERROR saying so, never hangs, and the
 * daemon recovers by itself once the database answers again.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(what: string, options?: { cause?: unknown }) {
    super(`the database did not answer (${what})`, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** The message a request gets; no internal detail. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database did not answer in time; retry with backoff';

// node-postgres: "Query read timeout", "timeout exceeded when trying to connect", "Connection
// terminated due to connection timeout"; PostgreSQL 57014 is statement_timeout's cancel.
const PG_TIMEOUT = /Query read timeout|timeout exceeded when trying to connect|connection timeout|Connection terminated unexpectedly/i;

/** True when `e` (or one of its causes) says the database did not answer. */
export function databaseUnavailableOf(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof DatabaseUnavailableError) return true;
    const code = String((cur as { code?: unknown }).code ?? '');
    if (code === '57014' || code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
    if (cur instanceof Error && PG_TIMEOUT.test(cur.message)) return true;
  }
  return false;
}

/** `promise`, or a DatabaseUnavailableError once `ms` passed without an answer. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return await withinDeadline(promise, ms, () => new DatabaseUnavailableError(`${what}: no answer in ${ms} ms`));
}
