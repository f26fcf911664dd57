import { createHmac } from 'node:crypto';

// The one place that computes a webhook signature (spec "Events", "Delivery", rule 2):
// `service-signature-256: t=<unix-seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the
// registration's signing secret. The daemon signs with it and verifySignature() checks with it.

export const SIGNATURE_HEADER = 'service-signature-256';
/** Carries the raw secret; kept for older registrations, scheduled for removal (spec "Versioning"). */
export const LEGACY_SIGNATURE_HEADER = 'service-signature';

export type RawBody = string | Uint8Array;

/** Hex HMAC-SHA256 of `<timestamp>.<body>`; the body is hashed as the exact bytes sent. */
export function computeSignature(secret: string, timestampSeconds: number, rawBody: RawBody): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
}

/** The `service-signature-256` header value for a body sent at `timestampSeconds`. */
export function signatureHeader(secret: string, timestampSeconds: number, rawBody: RawBody): string {
  return `t=${timestampSeconds},v1=${computeSignature(secret, timestampSeconds, rawBody)}`;
}
