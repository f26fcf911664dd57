import { pipeline } from 'node:stream/promises';
import { badRequest, notFound } from '../../src/api/errors.js';
import { isStoreError } from './object-store.js';
import { parseRange } from './range.js';
import type { Router } from '../server/router.js';
import type { ObjectStore } from './object-store.js';
import type { ObjectUrls } from './object-urls.js';
import type { UploadService } from '../resources/uploads/service.js';

/**
 * Signed object URLs (DESIGN.md): outside /v1, no Authorization header, not rate limited.
 * GET (and HEAD) serve any object with Range support so video players can seek; PUT receives
 * an upload's file or one of its parts. A bad signature is 403 before any body is read.
 */
export interface ObjectRouteDeps {
  objects: ObjectStore;
  urls: ObjectUrls;
  /** Receives an upload's file or one of its parts. */
  uploads: Pick<UploadService, 'receive'>;
}

/** Bodies up to this size are read to their end after a refusal, keeping the connection. */
const DRAIN_BELOW_BYTES = 16 * 1024 * 1024;

export function registerObjectRoutes(router: Router, d: ObjectRouteDeps): void {
  router.get('/objects/*', { auth: 'none' }, async (ctx) => {
    const { key } = d.urls.verify(ctx.method, ctx.path, ctx.query);
    const object = await d.objects.stat(key).catch((e) => (isStoreError(e, 'InvalidKey') ? undefined : Promise.reject(e)));
    if (!object) throw notFound('Object', key);
    const range = parseRange(ctx.req.headers.range, object.size);
    if (range === 'unsatisfiable') {
      const err = badRequest(`Range ${ctx.req.headers.range} is outside the object's ${object.size} bytes`, { size: object.size });
      return { status: 416, body: err.toEnvelope(), headers: { 'Content-Range': `bytes */${object.size}` } };
    }
    const headers: Record<string, string | number> = {
      'Content-Type': object.contentType,
      'Content-Length': range ? range.end - range.start + 1 : object.size,
      'Accept-Ranges': 'bytes',
      ETag: `"${object.etag}"`,
      'Last-Modified': new Date(object.modifiedAt).toUTCString(),
      'Cache-Control': 'private, no-transform',
    };
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.size}`;
    const body = ctx.method === 'HEAD' || object.size === 0 ? undefined : await d.objects.get(key, range);
    ctx.res.writeHead(range ? 206 : 200, headers);
    if (!body) ctx.res.end();
    // A player that seeks closes the connection mid-body: not an error worth more than a reset.
    else await pipeline(body, ctx.res).catch(() => ctx.res.destroy());
    return undefined;
  });

  router.put('/objects/*', { auth: 'none' }, async (ctx) => {
    try {
      const signed = d.urls.verify('PUT', ctx.path, ctx.query, ctx.req.headers['content-type']);
      const header = ctx.req.headers['content-length'];
      const declared = header === undefined ? undefined : Number(header);
      if (declared !== undefined && !Number.isSafeInteger(declared)) throw badRequest('Content-Length is not a whole number', { content_length: header });
      const { etag } = await d.uploads.receive({ key: signed.key, uploadId: signed.params.uploadId, partNumber: signed.params.partNumber }, ctx.req, declared);
      return { status: 200, headers: { ETag: `"${etag}"` } };
    } catch (e) {
      // Refused before the body was read: close rather than read gigabytes only to drop them. A
      // small body is read to its end instead, so the answer (a full disk's 500: issue 31) reaches
      // a client still sending rather than a reset connection.
      const declared = Number(ctx.req.headers['content-length']);
      if (!ctx.req.readableEnded && !(declared <= DRAIN_BELOW_BYTES)) ctx.res.setHeader('Connection', 'close');
      throw e;
    }
  });
}
