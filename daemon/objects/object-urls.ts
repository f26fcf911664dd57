import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../src/api/errors.js';
import type { Clock } from '../clock.js';
import { dataDirKey } from '../identity/key-file.js';
import type { ObjectLinks, PartTarget, UploadTarget } from './object-links.js';

/** Object URLs live outside /v1 (DESIGN.md): `/objects/<key>?...&expires=...&signature=...`. */
export const OBJECT_URL_PREFIX = '/objects/';

export interface SignedUrl {
  url: string;
  expiresAt: number;
}

export interface VerifiedObjectRequest {
  key: string;
  /** The other signed query parameters (e.g. uploadId, partNumber). */
  params: Record<string, string>;
}

/** The media type alone, lower-cased: `Video/MP4; codecs=x` and `video/mp4` sign the same. */
export const mediaType = (value: string | undefined) => (value ?? '').split(';')[0].trim().toLowerCase();

/**
 * Presigned-style object URLs (DESIGN.md, "Object URLs"): an HMAC-SHA256 over the method, the
 * path, every query parameter but the signature (so the expiry and, for parts, the upload and
 * part number) and, for PUT, the declared content type. No Authorization header is needed;
 * whoever holds the URL may do that one thing until it expires. The key is created in the data
 * dir on first start. Other areas sign downloads with `app.objectUrls.signGet(key, ttlMs)`.
 */
export class ObjectUrls implements ObjectLinks {
  /** PUTs arrive at the daemon's own /objects routes (routes.ts), which record them. */
  readonly direct = false;

  constructor(private secret: Buffer, private clock: Clock, private baseUrl: () => string) {}

  static fromDataDir(dataDir: string, clock: Clock, baseUrl: () => string): ObjectUrls {
    return new ObjectUrls(dataDirKey(dataDir, 'object-urls.key'), clock, baseUrl);
  }

  /** A GET (and HEAD) URL for `key`, valid for `ttlMs` (previews and outputs: one hour). */
  signGet(key: string, ttlMs: number): string {
    return this.sign('GET', key, ttlMs, {}, '').url;
  }

  /** A PUT URL that accepts only a body sent with Content-Type `contentType`. */
  signPut(key: string, contentType: string, ttlMs: number, params: Record<string, string> = {}): SignedUrl {
    return this.sign('PUT', key, ttlMs, params, mediaType(contentType));
  }

  signUpload(t: UploadTarget, ttlMs: number): SignedUrl {
    return this.signPut(t.key, t.contentType, ttlMs, { uploadId: t.uploadId });
  }

  /** The part's length is checked by the receiver when the PUT arrives (DESIGN.md). */
  signPart(t: PartTarget, ttlMs: number): SignedUrl {
    return this.signPut(t.key, t.contentType, ttlMs, { uploadId: t.uploadId, partNumber: String(t.partNumber) });
  }

  private sign(method: string, key: string, ttlMs: number, params: Record<string, string>, contentType: string): SignedUrl {
    const expiresAt = this.clock.now() + ttlMs;
    const path = OBJECT_URL_PREFIX + key.split('/').map(encodeURIComponent).join('/');
    const query = new URLSearchParams({ ...params, expires: String(expiresAt) });
    query.sort();
    query.set('signature', this.mac(method, path, query, contentType));
    return { url: `${this.baseUrl()}${path}?${query}`, expiresAt };
  }

  private mac(method: string, path: string, query: URLSearchParams, contentType: string): string {
    const canonical = new URLSearchParams([...query].filter(([k]) => k !== 'signature'));
    canonical.sort();
    return createHmac('sha256', this.secret).update([method, path, canonical.toString(), contentType].join('\n')).digest('base64url');
  }

  /**
   * Checks a request against its signature, then its expiry; anything wrong is 403 FORBIDDEN
   * before a byte of the body is read. HEAD is checked as GET.
   */
  verify(method: string, path: string, query: URLSearchParams, contentType?: string): VerifiedObjectRequest {
    const signed = method === 'HEAD' ? 'GET' : method;
    const signature = query.get('signature') ?? '';
    const expires = Number(query.get('expires'));
    if (!signature || !Number.isSafeInteger(expires)) throw forbidden('This object URL is not signed: it needs expires and signature parameters', { reason: 'unsigned' });
    const expected = Buffer.from(this.mac(signed, path, query, signed === 'PUT' ? mediaType(contentType) : ''));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw forbidden(
        signed === 'PUT'
          ? 'Signature does not match: the URL was altered, or the Content-Type header differs from the content_type given when the upload was created'
          : 'Signature does not match: the URL was altered',
        { reason: 'signature_mismatch' },
      );
    }
    if (this.clock.now() >= expires) throw forbidden('This object URL has expired; ask for a new one', { reason: 'expired', expired_at: expires });
    const params = Object.fromEntries([...query].filter(([k]) => k !== 'signature' && k !== 'expires'));
    const key = path.slice(OBJECT_URL_PREFIX.length).split('/').map(decodeURIComponent).join('/');
    return { key, params };
  }
}
