import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * The local S3 server's check of AWS Signature Version 4, both ways S3 accepts it: the
 * `Authorization` header (the SDK's calls) and query parameters (presigned URLs). The expected
 * signature is computed by the SDK's own signer (`@smithy/signature-v4`) from the request as it
 * arrived, so a URL the daemon signs itself (daemon/objects/sigv4.ts) is checked by an
 * implementation that is not its own. A presigned URL is refused once `X-Amz-Date` plus
 * `X-Amz-Expires` has passed by the server's clock (tests give it the daemon's manual clock).
 */
export class S3AuthError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const bytes = (d: string | ArrayBuffer | ArrayBufferView) =>
  typeof d === 'string' ? Buffer.from(d) : ArrayBuffer.isView(d) ? Buffer.from(d.buffer, d.byteOffset, d.byteLength) : Buffer.from(d);

/** The SDK signer's hash: SHA-256, or HMAC-SHA256 with a secret. */
class NodeSha256 {
  private h;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.h.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.h.digest());
  }
  reset(): void {}
}

const AUTH_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Security-Token'];
const PAYLOAD = 'x-amz-content-sha256';

const parseAmzDate = (s: string) => Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);

/** Checks the request's signature; resolves to the payload hash it promised (or UNSIGNED-PAYLOAD). */
export async function verifyRequest(req: IncomingMessage, url: URL, creds: S3Credentials, now: number): Promise<string> {
  const presigned = url.searchParams.has('X-Amz-Signature');
  const header = req.headers.authorization ?? '';
  if (!presigned && !header) throw new S3AuthError(403, 'AccessDenied', 'Anonymous access is not allowed');
  const fields = presigned
    ? { credential: url.searchParams.get('X-Amz-Credential') ?? '', signed: url.searchParams.get('X-Amz-SignedHeaders') ?? '', signature: url.searchParams.get('X-Amz-Signature') ?? '', date: url.searchParams.get('X-Amz-Date') ?? '' }
    : {
        credential: /Credential=([^,\s]+)/.exec(header)?.[1] ?? '',
        signed: /SignedHeaders=([^,\s]+)/.exec(header)?.[1] ?? '',
        signature: /Signature=([0-9a-f]+)/.exec(header)?.[1] ?? '',
        date: String(req.headers['x-amz-date'] ?? ''),
      };
  const [accessKeyId, , region] = fields.credential.split('/');
  if (accessKeyId !== creds.accessKeyId) throw new S3AuthError(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingDate = parseAmzDate(fields.date);
  if (!Number.isFinite(signingDate)) throw new S3AuthError(403, 'AccessDenied', 'X-Amz-Date is missing or malformed');
  const expires = Number(url.searchParams.get('X-Amz-Expires'));
  if (presigned && !(expires >= 1 && expires <= 604_800)) throw new S3AuthError(403, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be from 1 to 604800 seconds');
  if (presigned && now >= signingDate + expires * 1000) throw new S3AuthError(403, 'AccessDenied', 'Request has expired');

  const names = fields.signed.split(';').filter(Boolean);
  const headers: Record<string, string> = {};
  for (const n of names) headers[n] = n === 'host' ? String(req.headers.host) : req.headers[n] === undefined ? '' : String(req.headers[n]);
  const payloadHash = String(req.headers[PAYLOAD] ?? url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD');
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!presigned || !AUTH_PARAMS.includes(k)) query[k] = v;
  const signer = new SignatureV4({ credentials: creds, region, service: 's3', sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  const request = { method: req.method!, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query, headers: { ...headers } };
  let expected: string;
  if (presigned) {
    // The payload hash travels as a header the signer reads but neither signs nor hoists.
    if (!names.includes(PAYLOAD)) (request.headers as Record<string, string>)[PAYLOAD] = payloadHash;
    const keep = new Set([PAYLOAD]);
    const out = await signer.presign(request as never, { signingDate: new Date(signingDate), expiresIn: expires, unhoistableHeaders: keep, unsignableHeaders: names.includes(PAYLOAD) ? undefined : keep });
    expected = String((out.query as Record<string, string>)['X-Amz-Signature']);
  } else {
    const out = await signer.sign(request as never, { signingDate: new Date(signingDate), signableHeaders: new Set(names) });
    expected = /Signature=([0-9a-f]+)/.exec(String(out.headers.authorization))?.[1] ?? '';
  }
  if (expected !== fields.signature) {
    throw new S3AuthError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
  return payloadHash;
}
