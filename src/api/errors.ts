// The one table of error codes (spec "Errors"). Every error response, from any layer,
// is built from an ApiError and rendered by toEnvelope().

export const ERROR_CODES = {
  UNAUTHORIZED: 401,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Object URLs only (outside /v1): a tampered, expired or content-type-mismatched signed URL. */
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  STATUS_RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

import type { ErrorEnvelope } from './error-envelope.js';
export type { ErrorEnvelope };

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: unknown = null,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_CODES[code];
  }

  toEnvelope(): ErrorEnvelope {
    const error: ErrorEnvelope['error'] = { code: this.code, message: this.message, details: this.details ?? null };
    if (this.retryAfterSeconds !== undefined) error.retry_after_seconds = this.retryAfterSeconds;
    return { error };
  }
}

export const badRequest = (message: string, details: unknown = null) => new ApiError('BAD_REQUEST', message, details);
export const notFound = (what: string, id?: string) =>
  new ApiError('NOT_FOUND', id ? `${what} ${id} does not exist` : `${what} does not exist`, id ? { id } : null);
export const conflict = (message: string, details: unknown = null) => new ApiError('CONFLICT', message, details);
export const forbidden = (message: string, details: unknown = null) => new ApiError('FORBIDDEN', message, details);
export const unauthorized = (message = 'Authentication required: send Authorization: Key <key> or Bearer <token>') =>
  new ApiError('UNAUTHORIZED', message);
export const jwtRequired = () =>
  new ApiError('UNAUTHORIZED', 'A JWT is required for this endpoint: use Authorization: Bearer <ID token>; API keys cannot manage credentials');
