import type { Readable } from 'node:stream';
import { badRequest, conflict, notFound } from '../../../src/api/errors.js';
import type { ObjectStore, PutResult } from '../../objects/object-store.js';
import type { UploadRecord } from '../../store/uploads.js';
import type { Store } from '../../store/index.js';
import { partLength, UPLOAD_LIMITS } from './policy.js';
import { fromStoreError } from './views.js';
import { metrics } from '../../metrics/instruments.js';

/** What a verified object URL names: the upload's object, and a part for multipart uploads. */
export interface PutTarget {
  key: string;
  uploadId?: string;
  partNumber?: string;
}

/** The state changes a PUT makes; they belong to the UploadService. */
interface Transitions {
  requirePending(u: UploadRecord, action: string): void;
  singleArrived(u: UploadRecord, result: PutResult): Promise<boolean>;
  partArrived(u: UploadRecord, partNumber: number, result: PutResult): Promise<boolean>;
}

/**
 * The byte side of PUTs to signed object URLs: size limits, exact part lengths (refused before
 * the body when Content-Length says so, else while streaming), one writer at a time per file or
 * part. Nothing counts until the store has the bytes whole; then the service records it.
 */
export class UploadReceiver {
  /** Uploads and parts whose body is arriving now: a second PUT of the same one is refused. */
  private inflight = new Set<string>();

  constructor(private repo: Store['uploads'], private objects: ObjectStore, private states: Transitions) {}

  async receive(target: PutTarget, body: Readable, declared: number | undefined): Promise<{ etag: string }> {
    const u = target.uploadId ? await this.repo.get(target.uploadId) : undefined;
    if (!u || u.object_key !== target.key) throw notFound('Upload', target.uploadId);
    this.states.requirePending(u, 'upload');
    const slot = target.partNumber === undefined ? u.id : `${u.id}/${target.partNumber}`;
    if (this.inflight.has(slot)) throw conflict('This file or part is being uploaded by another request', { upload_id: u.id });
    this.inflight.add(slot);
    try {
      return target.partNumber === undefined ? await this.single(u, body, declared) : await this.part(u, Number(target.partNumber), body, declared);
    } catch (e) {
      throw fromStoreError(e);
    } finally {
      this.inflight.delete(slot);
    }
  }

  private async single(u: UploadRecord, body: Readable, declared: number | undefined): Promise<{ etag: string }> {
    const max = UPLOAD_LIMITS.maxSinglePutBytes;
    if (declared !== undefined && declared > max) {
      throw badRequest(`A single PUT takes up to 5 GB (${max} bytes); create a multipart upload (with size_bytes) for this file`, { max_bytes: max, content_length: declared });
    }
    const result = await this.objects.put(u.object_key, body, { contentType: u.content_type, expectedSize: declared, maxSize: max });
    metrics.uploadBytes.inc({ path: 'single' }, result.size);
    if (!await this.states.singleArrived(u, result)) {
      await this.objects.delete(u.object_key);
      throw conflict(`Upload ${u.id} was cancelled or completed while the file was arriving; nothing was kept`, { upload_id: u.id });
    }
    return { etag: result.etag };
  }

  private async part(u: UploadRecord, n: number, body: Readable, declared: number | undefined): Promise<{ etag: string }> {
    if (u.kind !== 'multipart' || !Number.isInteger(n) || n < 1 || n > u.part_count!) throw badRequest(`No part ${n} in upload ${u.id}`, { part_number: n });
    const expected = partLength(u, n);
    if (declared !== undefined && declared !== expected) {
      throw badRequest(`Part ${n} must be exactly ${expected} bytes; Content-Length is ${declared}`, { part_number: n, expected_bytes: expected, content_length: declared });
    }
    // The part's old record goes first: while its bytes are rewritten, it is not there.
    await this.repo.deletePart(u.id, n);
    const result = await this.objects.putPart(u.object_key, u.multipart_id!, n, body, { expectedSize: expected });
    metrics.uploadBytes.inc({ path: 'part' }, result.size);
    if (!await this.states.partArrived(u, n, result)) throw conflict(`Upload ${u.id} was cancelled while part ${n} was arriving`, { upload_id: u.id });
    return { etag: result.etag };
  }
}
