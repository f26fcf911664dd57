import { timingSafeEqual } from 'node:crypto';
import { computeSignature, type RawBody } from './sign.js';

/**
 * Checks a webhook delivery for consumers of the package:
 *
 *   verifySignature(secret, req.headers['service-signature-256'], rawBody)
 *
 * `rawBody` must be the bytes as received (parsing and re-serialising JSON changes them).
 * The timestamp must lie within `toleranceSeconds` (default 300, 5 minutes) of `now` in either
 * direction, so a captured delivery cannot be replayed later. Several `v1=` values in the header
 * and several secrets are both accepted, so a secret can be rotated without dropping deliveries.
 * Every comparison is constant-time. Throws a WebhookVerificationError subclass on failure.
 */
export function verifySignature(
  secret: string | readonly string[],
  header: string | readonly string[] | null | undefined,
  rawBody: RawBody,
  opts: VerifyOptions = {},
): VerifiedSignature {
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).filter(Boolean);
  if (!secrets.length) throw new TypeError('verifySignature needs a non-empty signing secret');
  const { timestamp, signatures } = parseSignatureHeader(header);
  const tolerance = opts.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((opts.now instanceof Date ? opts.now.getTime() : opts.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > tolerance) throw new TimestampOutsideToleranceError(timestamp, nowSeconds, tolerance);
  for (const s of secrets) {
    const expected = Buffer.from(computeSignature(s, timestamp, rawBody), 'hex');
    // Walk every candidate (no early exit) so timing does not reveal which one matched.
    let ok = false;
    for (const candidate of signatures) ok = timingSafeEqual(expected, candidate) || ok;
    if (ok) return { timestamp };
  }
  throw new SignatureMismatchError();
}

export interface VerifyOptions {
  /** Largest allowed distance between the header's `t` and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time, Unix milliseconds or a Date (default: the system clock). */
  now?: number | Date;
}

export interface VerifiedSignature {
  /** The signature timestamp, Unix seconds. */
  timestamp: number;
}

/** Splits `t=<digits>,v1=<64 hex>[,v1=...]`; unknown schemes (v0, ...) are ignored. */
export function parseSignatureHeader(header: string | readonly string[] | null | undefined): { timestamp: number; signatures: Buffer[] } {
  const value = Array.isArray(header) ? header.join(',') : (header as string | null | undefined);
  if (value === undefined || value === null || value.trim() === '') throw new MissingSignatureHeaderError();
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new MalformedSignatureHeaderError(`"${part.trim()}" is not a key=value pair`);
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,15}$/.test(val) || timestamp !== undefined) throw new MalformedSignatureHeaderError('t must appear once, as Unix seconds');
      timestamp = Number(val);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(val)) throw new MalformedSignatureHeaderError('each v1 must be 64 hex characters');
      signatures.push(Buffer.from(val, 'hex'));
    }
  }
  if (timestamp === undefined) throw new MalformedSignatureHeaderError('no t= timestamp');
  if (!signatures.length) throw new MalformedSignatureHeaderError('no v1= signature');
  return { timestamp, signatures };
}

export type VerificationErrorCode = 'MISSING_HEADER' | 'MALFORMED_HEADER' | 'TIMESTAMP_OUT_OF_TOLERANCE' | 'BAD_SIGNATURE';

/** Base class of every verification failure; `code` tells them apart without instanceof. */
export class WebhookVerificationError extends Error {
  constructor(readonly code: VerificationErrorCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export class MissingSignatureHeaderError extends WebhookVerificationError {
  constructor() {
    super('MISSING_HEADER', 'The service-signature-256 header is missing');
    this.name = 'MissingSignatureHeaderError';
  }
}

export class MalformedSignatureHeaderError extends WebhookVerificationError {
  constructor(reason: string) {
    super('MALFORMED_HEADER', `The service-signature-256 header is malformed: ${reason} (expected t=<unix-seconds>,v1=<hex>)`);
    this.name = 'MalformedSignatureHeaderError';
  }
}

export class TimestampOutsideToleranceError extends WebhookVerificationError {
  /** 'past': too old (a possible replay); 'future': the sender's clock is ahead. */
  readonly direction: 'past' | 'future';
  constructor(readonly timestamp: number, readonly nowSeconds: number, readonly toleranceSeconds: number) {
    const ahead = timestamp > nowSeconds;
    super(
      'TIMESTAMP_OUT_OF_TOLERANCE',
      `The signature timestamp is ${Math.abs(nowSeconds - timestamp)} s ${ahead ? 'in the future' : 'old'}; at most ${toleranceSeconds} s either way is accepted`,
    );
    this.name = 'TimestampOutsideToleranceError';
    this.direction = ahead ? 'future' : 'past';
  }
}

export class SignatureMismatchError extends WebhookVerificationError {
  constructor() {
    super('BAD_SIGNATURE', 'No v1 signature matches the body and the signing secret');
    this.name = 'SignatureMismatchError';
  }
}
