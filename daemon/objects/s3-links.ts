import type { Clock } from '../clock.js';
import type { ObjectLinks, PartTarget, SignedUrl, UploadTarget } from './object-links.js';
import type { S3Settings } from './s3-settings.js';
import { presignUrl, uriEncode } from './sigv4.js';

/**
 * Presigned URLs of the bucket (issue 21, item 2: "POST /v1/uploads answers with presigned PUT
 * URLs of the bucket (single) or a multipart upload with one presigned UploadPart URL per part
 * ... previews, renders and published files are served by presigned GET URLs"). Signed with the
 * daemon's clock, so a URL's lifetime is the spec's from the moment the daemon answers.
 *
 * What SigV4 lets a URL enforce, and where the rest of the spec's upload rules are checked:
 * - "PUT the file ... with a Content-Type header equal to the content_type sent at creation
 *   (object storage rejects a mismatch)": `content-type` is a signed header of every PUT URL,
 *   so the bucket refuses any other value (403 SignatureDoesNotMatch). Unlike the daemon's own
 *   URLs, which compare the media type only, the header must be byte-equal: the spec's "equal".
 * - "A part of the wrong length is refused at PUT" (DESIGN.md): `content-length` is a signed
 *   header of each part URL, so only a body of exactly that part's length is accepted (and S3
 *   requires Content-Length on every PUT, so no chunked body slips past). At complete, the upload
 *   service checks ListParts' sizes again before CompleteMultipartUpload.
 * - "Single PUT upload: up to 5 GB": a single PUT's length is not known when it is signed; S3
 *   refuses a PutObject over 5 GB itself (EntityTooLarge), and the upload service checks the
 *   object's size (HeadObject) before a clip job may use it.
 * - Expiry (1 hour single, 4 hours parts) is X-Amz-Expires; re-signing is a new URL.
 */
export class S3Links implements ObjectLinks {
  readonly direct = true;
  private base: URL;

  constructor(private s: S3Settings, private clock: Clock) {
    const endpoint = new URL(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`);
    if (!s.forcePathStyle) endpoint.hostname = `${s.bucket}.${endpoint.hostname}`;
    this.base = endpoint;
  }

  private url(key: string): URL {
    const path = `${this.base.pathname.replace(/\/$/, '')}${this.s.forcePathStyle ? `/${uriEncode(this.s.bucket)}` : ''}/${key.split('/').map(uriEncode).join('/')}`;
    return new URL(path, this.base.origin);
  }

  private presign(method: 'GET' | 'PUT', key: string, ttlMs: number, query: Record<string, string>, headers: Record<string, string>): SignedUrl {
    const now = this.clock.now();
    const expiresSeconds = Math.max(1, Math.round(ttlMs / 1000));
    const url = presignUrl({
      method, url: this.url(key), query, headers, now, expiresSeconds,
      region: this.s.region, accessKeyId: this.s.accessKeyId, secretAccessKey: this.s.secretAccessKey, sessionToken: this.s.sessionToken,
    });
    // X-Amz-Date has whole seconds: the URL stops working at the signing second plus its lifetime.
    return { url, expiresAt: Math.floor(now / 1000) * 1000 + expiresSeconds * 1000 };
  }

  signGet(key: string, ttlMs: number): string {
    return this.presign('GET', key, ttlMs, {}, {}).url;
  }

  signUpload(t: UploadTarget, ttlMs: number): SignedUrl {
    return this.presign('PUT', t.key, ttlMs, {}, { 'content-type': t.contentType });
  }

  signPart(t: PartTarget, ttlMs: number): SignedUrl {
    return this.presign('PUT', t.key, ttlMs, { partNumber: String(t.partNumber), uploadId: t.multipartId }, { 'content-type': t.contentType, 'content-length': String(t.contentLength) });
  }
}
