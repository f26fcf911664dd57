/**
 * What never reaches a log line (issue 31, item 2): a credential, a token, a webhook's signing
 * secret, a presigned URL's signature. Fields are redacted by name; every string is scrubbed of
 * the shapes those secrets have (so an error message that quotes a URL or a header is safe too).
 */
const SECRET_FIELD = /(secret|token|password|passwd|authorization|cookie|api_?key|credential|signature|^sig$)/i;
/** Query parameters that carry a secret: SigV4's, our object URLs' signature, OAuth codes and tokens. */
const SECRET_PARAM = /^(x-amz-signature|x-amz-credential|x-amz-security-token|signature|sig|token|access_token|refresh_token|id_token|code|client_secret|key|apikey|api_key)$/i;
const REDACTED = '[redacted]';

const PATTERNS: Array<[RegExp, (m: string, ...g: string[]) => string]> = [
  // URL query parameters: `?signature=...`, `&X-Amz-Signature=...`, and the same percent-encoded
  // inside another URL's query (`%26signature%3D...`).
  [/([?&;]|%3F|%26)([A-Za-z0-9_.-]+)(=|%3D)((?:(?!%26)[^&#\s"'<>])*)/gi, (m, sep, name, eq) => (SECRET_PARAM.test(name) ? `${sep}${name}${eq}${REDACTED}` : m)],
  // Authorization header values.
  [/\b(Bearer|Key|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, (_m, scheme) => `${scheme} ${REDACTED}`],
  // API keys (`ck` + 40 base62), webhook secrets (`whsec_...`), JWTs (three base64url parts).
  [/\bck[A-Za-z0-9]{40}\b/g, () => REDACTED],
  [/\bwhsec_[A-Za-z0-9]{16,}\b/g, () => REDACTED],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, () => REDACTED],
];

export function scrub(text: string): string {
  let out = text;
  for (const [re, fn] of PATTERNS) out = out.replace(re, fn as (m: string, ...g: string[]) => string);
  return out;
}

/** A copy of `value` fit for a log line: secret-named fields redacted, every string scrubbed. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value instanceof Error) return scrub(value.stack ?? value.message);
  if (!value || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_FIELD.test(k) && v !== null && v !== undefined && typeof v !== 'boolean' && typeof v !== 'number' ? REDACTED : redact(v, depth + 1);
  }
  return out;
}
