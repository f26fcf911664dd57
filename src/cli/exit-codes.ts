import { ClientError } from '../client/errors.js';

/** Exit codes of every command, mapped in this one place (README lists them). */
export const EXIT = {
  OK: 0,
  ERROR: 1,
  USAGE: 2,
  NOT_FOUND: 3,
  AUTH: 4,
  CONFLICT: 5,
  RATE_LIMITED: 6,
  /** A job, render or post ended in `error` / `failed`. */
  FAILED: 7,
  /** A --wait gave up at its --timeout. */
  TIMEOUT: 8,
  /** The daemon or hosted service could not be reached. */
  UNREACHABLE: 9,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports itself: a message, a hint of what to do, and its exit code. */
export class CliError extends Error {
  constructor(readonly exitCode: ExitCode, message: string, readonly hint?: string, readonly code?: string) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string, hint?: string) => new CliError(EXIT.USAGE, message, hint, 'USAGE');

/** What to do about each error code (API codes from the spec's table, plus the client's own). */
export const HINTS: Record<string, string> = {
  UNAUTHORIZED: 'Check your credentials: `clipper login`, CLIPPER_API_KEY / CLIPPER_TOKEN, or `clipper auth token --data-dir DIR` for the local daemon.',
  FORBIDDEN: 'The signed URL was refused: it expired or was altered; fetch the resource again for a fresh URL.',
  NOT_FOUND: 'Check the id; ids belong to one team and are not visible to others.',
  CONFLICT: 'The resource is not in a state that allows this; fetch it to see its status.',
  RATE_LIMITED: 'Too many requests this minute; wait for the window to roll over and try again.',
  STATUS_RATE_LIMITED: 'Too many status checks; poll less often (at most 6 checks a minute of one job).',
  BAD_REQUEST: 'Fix the request as the message says and try again.',
  INTERNAL_ERROR: 'The server failed; it is safe to retry later.',
  NETWORK_ERROR: 'Is the daemon running? Start it with `clipper daemon start`, or check --base-url.',
  HTTP_ERROR: 'The server answered without the API error envelope: is --base-url the API root (without /v1)?',
  USAGE: 'See `clipper help <command>` for the flags and arguments.',
  PROFILE_NOT_FOUND: 'List saved profiles with `clipper profiles list`, or save one with `clipper login --profile NAME`.',
  FAILED: 'Fetch the resource to read its `error` field; fix the input and start it again.',
  TIMEOUT: 'It is still running: wait again with a longer --timeout, or check its status later.',
};

/**
 * Issue 13, item 15: the spec's third status limit ("Status checks for ids that do not exist
 * (404): 20 per hour") locks every status check out until the hour ends; polling less often does
 * not help, asking for ids that exist does. The local daemon names the limit in
 * `details.limit`; a deployment that does not is recognised by its message.
 */
function hintFor(e: ClientError, code: string): string | undefined {
  if (code !== 'STATUS_RATE_LIMITED') return HINTS[code];
  const lockedOut = (e.details as { limit?: string } | null)?.limit === 'not_found_per_hour' || /do not exist|not[- ]found|unknown id/i.test(e.message);
  if (!lockedOut) return HINTS[code];
  const wait = e.retryAfterSeconds ? ` (in about ${Math.ceil(e.retryAfterSeconds / 60)} min)` : '';
  return `20 status checks this hour asked for ids that do not exist (404), so every status check is refused until the hour ends${wait}. Check the ids being polled (a typo, an id of another team or another server); polling less often does not lift this.`;
}

/** The exit code of an API answer's HTTP status (0: no answer at all). */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 0) return EXIT.UNREACHABLE;
  if (status === 401 || status === 403) return EXIT.AUTH;
  if (status === 404) return EXIT.NOT_FOUND;
  if (status === 409) return EXIT.CONFLICT;
  if (status === 429) return EXIT.RATE_LIMITED;
  return EXIT.ERROR;
}

/** Maps any thrown value to what the CLI prints and the code it exits with. */
export function describeError(e: unknown): { exitCode: ExitCode; code: string; message: string; hint?: string } {
  if (e instanceof CliError) return { exitCode: e.exitCode, code: e.code ?? 'ERROR', message: e.message, hint: e.hint ?? HINTS[e.code ?? ''] };
  if (e instanceof ClientError) {
    const code = e.status === 403 && e.code === 'HTTP_ERROR' ? 'FORBIDDEN' : e.code;
    return { exitCode: exitCodeForStatus(e.status), code, message: e.message, hint: hintFor(e, code) };
  }
  return { exitCode: EXIT.ERROR, code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
}
