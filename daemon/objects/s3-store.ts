import { createReadStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { removeOlderThan, removeQuietly, streamToFile, tempPath } from './disk-files.js';
import { LocalCopies } from './local-copies.js';
import { assertValidKey, normalizeEtag, ObjectStoreError, type BodySource, type ByteRange, type MultipartRef, type ObjectStore, type PartRecord, type PutOptions, type PutResult, type StoredObject } from './object-store.js';
import { checkBucket, fromS3, isS3Missing, smallCall } from './s3-client.js';
import { S3Multipart } from './s3-multipart.js';

/** S3's own limit for one PutObject; a larger body goes up in parts (sources by link reach 8 GB). */
const MAX_SINGLE_PUT = 5 * 1024 ** 3;

/**
 * The object store in an S3-compatible bucket (issue 21, item 2), the same contract as the disk
 * store (test/objects/object-store-contract.ts, run by test/objects/s3-store.test.ts against a
 * local S3-protocol server). A body the daemon itself stores (previews, renders, downloaded
 * sources) is first written to a spool file with its MD5 and the size limits checked, then sent
 * with Content-Length and Content-MD5: a body that fails midway never reaches the bucket, and
 * the bucket checks the bytes it got. Uploads from clients do not pass through here: they PUT
 * to presigned URLs of the bucket (s3-links.ts).
 */
export class S3ObjectStore implements ObjectStore {
  private spool: string;
  private copies: LocalCopies;
  private multipart: S3Multipart;

  /** `once`: a client of the same bucket that never retries, for calls that must not run twice. */
  constructor(private client: S3Client, private bucket: string, tmpDir: string, private once: S3Client) {
    this.spool = join(tmpDir, 'spool');
    mkdirSync(this.spool, { recursive: true });
    this.copies = new LocalCopies(join(tmpDir, 'copies'));
    this.multipart = new S3Multipart({ client, once }, bucket, (body, limits, send) => this.spooled(body, limits, send));
  }

  /** HeadBucket, one attempt within `timeoutMs`. */
  async ping(timeoutMs = 2000): Promise<void> {
    await checkBucket(this.once, this.bucket, timeoutMs).catch((e) => Promise.reject(fromS3(e, 'HeadBucket')));
  }

  /** Writes `body` to a spool file (limits checked, MD5 computed), then hands the file to `send`. */
  private async spooled<T>(body: BodySource, limits: PutOptions, send: (file: string, r: PutResult) => Promise<T>): Promise<T> {
    const tmp = tempPath(this.spool, 'put');
    try {
      return await send(tmp, await streamToFile(body, tmp, limits));
    } finally {
      await removeQuietly(tmp);
    }
  }

  async put(key: string, body: BodySource, opts: PutOptions = {}): Promise<PutResult> {
    assertValidKey(key);
    return await this.spooled(body, opts, async (file, result) => {
      const contentType = opts.contentType ?? 'application/octet-stream';
      if (result.size > MAX_SINGLE_PUT) await this.multipart.putFile(key, file, result.size, contentType);
      else {
        const md5 = Buffer.from(result.etag, 'hex').toString('base64');
        const Body = result.size ? createReadStream(file) : Buffer.alloc(0);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body, ContentLength: result.size, ContentType: contentType, ContentMD5: md5 })).catch((e) => Promise.reject(fromS3(e, 'PutObject', { key })));
      }
      await this.copies.drop(key);
      return result;
    });
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), smallCall());
      return { key, size: h.ContentLength ?? 0, etag: normalizeEtag(h.ETag ?? ''), contentType: h.ContentType ?? 'application/octet-stream', modifiedAt: h.LastModified?.getTime() ?? 0 };
    } catch (e) {
      if (isS3Missing(e)) return undefined;
      throw fromS3(e, 'HeadObject', { key });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.stat(key);
    if (!object) throw new ObjectStoreError('NoSuchKey', `No object ${key}`, { key });
    return await this.read(object, range);
  }

  /** The bytes of `object` as described (its etag), without describing it again. */
  private async read(object: StoredObject, range?: ByteRange): Promise<Readable> {
    const { key } = object;
    if (range && !(Number.isInteger(range.start) && Number.isInteger(range.end) && range.start >= 0 && range.start <= range.end && range.end < object.size)) {
      throw new ObjectStoreError('InvalidRange', `Range ${range.start}-${range.end} is outside the object's ${object.size} bytes`, { size: object.size });
    }
    if (object.size === 0) return Readable.from([]);
    try {
      // IfMatch: the bytes of the object just described, not of one that replaced it meanwhile.
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: `"${object.etag}"`, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return r.Body as Readable;
    } catch (e) {
      throw fromS3(e, 'GetObject', { key });
    }
  }

  async delete(key: string): Promise<boolean> {
    const existed = (await this.stat(key)) !== undefined;
    if (existed) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'DeleteObject', { key })));
    await this.copies.drop(key);
    return existed;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'ListObjectsV2', { prefix })));
      for (const o of page.Contents ?? []) {
        // The store's own records (.multipart/) are not objects; keys never start with a dot.
        if (!o.Key || o.Key.startsWith('.')) continue;
        const object = await this.stat(o.Key);
        if (object) yield object;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A local copy for the media stages (local-copies.ts says why a copy and not a URL). */
  async localPath(key: string): Promise<string | undefined> {
    const object = await this.stat(key);
    if (!object) return undefined;
    // Read at the etag the copy is named after (If-Match), with no second HeadObject.
    return await this.copies.path(key, object.etag, () => this.read(object));
  }

  createMultipart(key: string, opts: { partSize: number; contentType?: string }): Promise<string> {
    return this.multipart.create(key, opts);
  }
  putPart(key: string, multipartId: string, partNumber: number, body: BodySource, opts: { expectedSize?: number } = {}): Promise<PutResult> {
    return this.multipart.putPart(key, multipartId, partNumber, body, opts);
  }
  listParts(key: string, multipartId: string): Promise<PartRecord[]> {
    return this.multipart.listParts(key, multipartId);
  }
  async completeMultipart(key: string, multipartId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<PutResult> {
    const result = await this.multipart.complete(key, multipartId, parts);
    await this.copies.drop(key);
    return result;
  }
  abortMultipart(key: string, multipartId: string): Promise<void> {
    return this.multipart.abort(key, multipartId);
  }
  listMultipart(): AsyncIterable<MultipartRef> {
    return this.multipart.list();
  }

  /** Spool files of writes that died, local copies unused that long, records of finished uploads. */
  async purgeIncomplete(minAgeMs: number): Promise<number> {
    const cutoff = Date.now() - minAgeMs;
    return (await removeOlderThan(this.spool, cutoff)) + (await this.copies.purge(cutoff)) + (await this.multipart.purgeRecords(cutoff));
  }
}
