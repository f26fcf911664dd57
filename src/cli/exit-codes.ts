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

const HINTS: Record<string, string> = {
  UNAUTHORIZED: 'Check your credentials: `clipper login`, CLIPPER_API_KEY / CLIPPER_TOKEN, or `clipper auth token --data-dir DIR` for the local daemon.',
  NOT_FOUND: 'Check the id; ids belong to one team and are not visible to others.',
  CONFLICT: 'The resource is not in a state that allows this; fetch it to see its status.',
  RATE_LIMITED: 'Too many requests this minute; wait for the window to roll over and try again.',
  STATUS_RATE_LIMITED: 'Too many status checks; poll less often (at most 6 checks a minute of one job).',
  BAD_REQUEST: 'Fix the request as the message says and try again.',
  INTERNAL_ERROR: 'The server failed; it is safe to retry later.',
  NETWORK_ERROR: 'Is the daemon running? Start it with `clipper daemon start`, or check --base-url.',
};

/** Maps any thrown value to what the CLI prints and the code it exits with. */
export function describeError(e: unknown): { exitCode: ExitCode; code: string; message: string; hint?: string } {
  if (e instanceof CliError) return { exitCode: e.exitCode, code: e.code ?? 'ERROR', message: e.message, hint: e.hint };
  if (e instanceof ClientError) {
    const exitCode: ExitCode =
      e.status === 0 ? EXIT.UNREACHABLE
      : e.status === 401 ? EXIT.AUTH
      : e.status === 404 ? EXIT.NOT_FOUND
      : e.status === 409 ? EXIT.CONFLICT
      : e.status === 429 ? EXIT.RATE_LIMITED
      : EXIT.ERROR;
    return { exitCode, code: e.code, message: e.message, hint: HINTS[e.code] };
  }
  return { exitCode: EXIT.ERROR, code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
}
