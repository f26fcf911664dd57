import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { checkCompletion, multipartEtag } from './completion.js';
import { assertValidKey, isStoreError, normalizeEtag, ObjectStoreError, type BodySource, type MultipartRef, type PartRecord, type PutOptions, type PutResult } from './object-store.js';
import { fromS3, isS3Missing, s3Code, smallCall } from './s3-client.js';

/** What the store keeps about one multipart upload, beside the bucket's own state. */
interface Record {
  key: string;
  part_size: number;
  /** Set once completed: a repeated completion answers the same (ObjectStore contract). */
  completed?: PutResult;
}

type Spool = <T>(body: BodySource, limits: PutOptions, send: (file: string, r: PutResult) => Promise<T>) => Promise<T>;

const RECORDS = '.multipart/';
/** Joining the parts may take the bucket a while before it answers: one longer attempt. */
const ASSEMBLY = { attemptMs: 12_000, deadlineMs: 12_000 };
const MAX_PART_NUMBER = 10_000;

/**
 * Multipart uploads in the bucket. S3 keeps the parts, their etags and sizes (ListParts); it does
 * not keep the part size the daemon chose, which the contract's checks need (every part but the
 * last a full part), so a small record `.multipart/<hash of the upload id>` holds it. Keys never
 * start with a dot, so records cannot collide with objects, and list() skips them.
 */
export class S3Multipart {
  private client: S3Client;
  /** The same bucket without retries: a second CreateMultipartUpload would start a second upload. */
  private once: S3Client;

  constructor(clients: { client: S3Client; once: S3Client }, private bucket: string, private spool: Spool) {
    ({ client: this.client, once: this.once } = clients);
  }

  private recordKey = (id: string) => RECORDS + createHash('sha256').update(id).digest('hex');

  private async record(key: string, id: string): Promise<Record> {
    const missing = () => new ObjectStoreError('NoSuchUpload', `No multipart upload ${id} of ${key}`, { multipart_id: id });
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.recordKey(id) }), smallCall());
      const record = JSON.parse(await r.Body!.transformToString()) as Record;
      if (record.key !== key) throw missing();
      return record;
    } catch (e) {
      throw isS3Missing(e) ? missing() : fromS3(e, 'GetObject (multipart record)', { multipart_id: id });
    }
  }

  private async saveRecord(id: string, record: Record): Promise<void> {
    const Body = JSON.stringify(record);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.recordKey(id), Body, ContentType: 'application/json' }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'PutObject (multipart record)')));
  }

  async create(key: string, opts: { partSize: number; contentType?: string }): Promise<string> {
    assertValidKey(key);
    if (!Number.isInteger(opts.partSize) || opts.partSize < 1) throw new ObjectStoreError('InvalidPart', 'partSize must be a positive integer');
    const r = await this.once.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: opts.contentType ?? 'application/octet-stream' }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'CreateMultipartUpload', { key })));
    // A crash before the record is written leaves an upload without one: listed, so the nightly cleanup aborts it.
    await this.saveRecord(r.UploadId!, { key, part_size: opts.partSize });
    return r.UploadId!;
  }

  async putPart(key: string, id: string, n: number, body: BodySource, opts: { expectedSize?: number }): Promise<PutResult> {
    const record = await this.record(key, id);
    if (record.completed) throw new ObjectStoreError('NoSuchUpload', `Multipart upload ${id} is complete`, { multipart_id: id });
    if (!Number.isInteger(n) || n < 1 || n > MAX_PART_NUMBER) throw new ObjectStoreError('InvalidPart', `Part number must be 1 to ${MAX_PART_NUMBER}`, { part_number: n });
    return await this.spool(body, { maxSize: record.part_size, expectedSize: opts.expectedSize }, async (file, result) => {
      await this.sendPart(key, id, n, file, { start: 0, size: result.size, md5: result.etag });
      return result;
    });
  }

  private async sendPart(key: string, id: string, n: number, file: string, at: { start: number; size: number; md5?: string }): Promise<string> {
    const Body = at.size ? createReadStream(file, { start: at.start, end: at.start + at.size - 1 }) : Buffer.alloc(0);
    const ContentMD5 = at.md5 ? Buffer.from(at.md5, 'hex').toString('base64') : undefined;
    const r = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: id, PartNumber: n, Body, ContentLength: at.size, ContentMD5 })).catch((e) => Promise.reject(fromS3(e, 'UploadPart', { multipart_id: id, part_number: n })));
    return normalizeEtag(r.ETag ?? '');
  }

  /** One object from a spool file larger than a single PUT takes (put() of the store). */
  async putFile(key: string, file: string, size: number, contentType: string): Promise<void> {
    const partSize = Math.max(64 * 1024 ** 2, Math.ceil(size / MAX_PART_NUMBER));
    const id = await this.create(key, { partSize, contentType });
    try {
      const parts: Array<{ partNumber: number; etag: string }> = [];
      for (let n = 1, start = 0; start < size; n++, start += partSize) parts.push({ partNumber: n, etag: await this.sendPart(key, id, n, file, { start, size: Math.min(partSize, size - start) }) });
      await this.complete(key, id, parts);
    } catch (e) {
      await this.abort(key, id).catch(() => undefined);
      throw e;
    }
  }

  async listParts(key: string, id: string): Promise<PartRecord[]> {
    const record = await this.record(key, id);
    if (record.completed) throw new ObjectStoreError('NoSuchUpload', `Multipart upload ${id} is complete`, { multipart_id: id });
    return await this.bucketParts(key, id);
  }

  /** ListParts alone, every page, by part number (the record already read by the caller). */
  private async bucketParts(key: string, id: string): Promise<PartRecord[]> {
    const parts: PartRecord[] = [];
    let marker: string | undefined;
    do {
      const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: id, PartNumberMarker: marker }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'ListParts', { multipart_id: id })));
      for (const p of page.Parts ?? []) parts.push({ partNumber: p.PartNumber!, etag: normalizeEtag(p.ETag ?? ''), size: p.Size ?? 0 });
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * ListParts, the shared checks, then CompleteMultipartUpload with the caller's etags. An upload
   * the bucket no longer has counts as complete when the object at `key` is these parts joined
   * (a completion whose answer never came, or whose record write failed).
   */
  async complete(key: string, id: string, parts: Array<{ partNumber: number; etag: string }>): Promise<PutResult> {
    const record = await this.record(key, id);
    if (record.completed) return record.completed;
    let completed: PutResult | undefined;
    try {
      const records = checkCompletion(record.part_size, await this.bucketParts(key, id), parts);
      const MultipartUpload = { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${normalizeEtag(p.etag)}"` })) };
      const r = await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: id, MultipartUpload }), smallCall(ASSEMBLY)).catch((e) => Promise.reject(fromS3(e, 'CompleteMultipartUpload', { multipart_id: id })));
      completed = { size: records.reduce((s, p) => s + p.size, 0), etag: normalizeEtag(r.ETag ?? '') };
    } catch (e) {
      if (!isStoreError(e, 'NoSuchUpload') || !(completed = await this.joined(key, parts))) throw e;
    }
    await this.saveRecord(id, { ...record, completed });
    return completed;
  }

  /** The object at `key` if it is `parts` joined: its etag is theirs (MD5 of the MD5s, then -N). */
  private async joined(key: string, parts: Array<{ etag: string }>): Promise<PutResult | undefined> {
    const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), smallCall()).catch((e) => (isS3Missing(e) ? undefined : Promise.reject(fromS3(e, 'HeadObject', { key }))));
    const etag = normalizeEtag(h?.ETag ?? '');
    return h && etag === multipartEtag(parts.map((p) => p.etag)) ? { size: h.ContentLength ?? 0, etag } : undefined;
  }

  async abort(key: string, id: string): Promise<void> {
    const record = await this.record(key, id).catch((e) => (s3Code(e) === undefined && (e as ObjectStoreError).code === 'NoSuchUpload' ? undefined : Promise.reject(e)));
    if (record?.completed) return;
    await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: id }), smallCall()).catch((e) => (isS3Missing(e) ? undefined : Promise.reject(fromS3(e, 'AbortMultipartUpload', { multipart_id: id }))));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.recordKey(id) }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'DeleteObject (multipart record)')));
  }

  async *list(): AsyncIterable<MultipartRef> {
    let keyMarker: string | undefined;
    let idMarker: string | undefined;
    do {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: idMarker }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'ListMultipartUploads')));
      for (const u of page.Uploads ?? []) if (u.Key && u.UploadId && !u.Key.startsWith('.')) yield { key: u.Key, multipartId: u.UploadId, initiatedAt: u.Initiated?.getTime() ?? 0 };
      [keyMarker, idMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (keyMarker);
  }

  /** Records of uploads the bucket no longer has (completed or aborted) older than `cutoff`. */
  async purgeRecords(cutoff: number): Promise<number> {
    const open = new Set<string>();
    for await (const u of this.list()) open.add(this.recordKey(u.multipartId));
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: RECORDS, ContinuationToken: token }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'ListObjectsV2', { prefix: RECORDS })));
      for (const o of page.Contents ?? []) {
        if (!o.Key || open.has(o.Key) || (o.LastModified?.getTime() ?? 0) >= cutoff) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: o.Key }), smallCall()).catch((e) => Promise.reject(fromS3(e, 'DeleteObject (multipart record)')));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return 0; // bookkeeping, not a write that died: not counted as a leftover
  }
}
