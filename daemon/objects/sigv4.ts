import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 in query parameters ("presigned URLs"), as AWS documents it in
 * "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)": a canonical
 * request (method, URI, sorted query, signed headers, `UNSIGNED-PAYLOAD`), a string to sign
 * over its SHA-256, and an HMAC chain of date, region and service.
 *
 * Synchronous on purpose: previews' and renders' URLs are written inside synchronous views
 * (clipView, renderView), and the SDK's presigner is async. The tests check every URL this
 * makes with the SDK's own signer (`@smithy/signature-v4`, in test/helpers/s3-server.ts).
 */
export interface PresignInput {
  method: 'GET' | 'PUT' | 'HEAD';
  /** The URL without query: endpoint, bucket and key, already percent-encoded. */
  url: URL;
  query: Record<string, string>;
  /** Headers the client must send exactly (e.g. content-type, content-length); host is added. */
  headers: Record<string, string>;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Unix-ms of signing (the daemon's clock); the URL works for `expiresSeconds` from then. */
  now: number;
  expiresSeconds: number;
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Za-z0-9-._~ is percent-encoded. */
export const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** `20261125T002117Z` and `20261125`. */
function stamps(now: number): { amzDate: string; day: string } {
  const amzDate = new Date(now).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return { amzDate, day: amzDate.slice(0, 8) };
}

export function presignUrl(p: PresignInput): string {
  const { amzDate, day } = stamps(p.now);
  const scope = `${day}/${p.region}/s3/aws4_request`;
  const headers: Record<string, string> = { host: p.url.host };
  for (const [k, v] of Object.entries(p.headers)) headers[k.toLowerCase()] = String(v).trim();
  const names = Object.keys(headers).sort();
  const query: Record<string, string> = {
    ...p.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${p.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(p.expiresSeconds),
    'X-Amz-SignedHeaders': names.join(';'),
    ...(p.sessionToken ? { 'X-Amz-Security-Token': p.sessionToken } : {}),
  };
  const canonicalQuery = Object.keys(query).sort().map((k) => `${uriEncode(k)}=${uriEncode(query[k])}`).join('&');
  const canonicalRequest = [
    p.method,
    p.url.pathname,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${p.secretAccessKey}`, day), p.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `${p.url.origin}${p.url.pathname}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
