import type { Logger } from '../../log.js';
import { isStoreError, type ObjectStore, type PutResult } from '../../objects/object-store.js';
import { mediaType } from '../../objects/object-urls.js';
import type { UploadPart, UploadRecord } from '../../store/uploads.js';
import { UPLOAD_LIMITS } from './policy.js';

/**
 * Uploads that go straight to an S3-compatible bucket (issue 21, item 2: "Uploads then go
 * straight to the bucket"). The daemon never sees those PUTs, so it asks the bucket:
 * - a single PUT: HeadObject of the upload's key, the first time the upload is read, completed,
 *   cancelled or claimed by a clip job (or by the nightly cleanup). The object is there only if
 *   the bucket took it within the URL's hour with the signed Content-Type, so it counts however
 *   late it is seen. Spec "Sizes": "Single PUT upload: up to 5 GB"; S3 refuses more itself, and an
 *   engine that took more (or another type) gets its object removed here: "changes nothing".
 * - parts: ListParts of the multipart upload, for GET /v1/uploads/:id (`parts_received`, which
 *   the clients' resume reads) and for complete (every part present, every etag matching,
 *   each exactly its length), before CompleteMultipartUpload.
 */
export class DirectUploads {
  constructor(private d: { objects: ObjectStore; log: Logger; singleArrived(u: UploadRecord, result: PutResult): Promise<boolean> }) {}

  /** True when the upload just became complete. */
  async settleSingle(u: UploadRecord): Promise<boolean> {
    if (u.kind !== 'single' || u.status !== 'pending') return false;
    const object = await this.d.objects.stat(u.object_key);
    if (!object) return false;
    const max = UPLOAD_LIMITS.maxSinglePutBytes;
    if (object.size > max || mediaType(object.contentType) !== mediaType(u.content_type)) {
      this.d.log.warn('a single PUT broke the upload rules; its file is removed', { upload_id: u.id, size: object.size, content_type: object.contentType });
      await this.d.objects.delete(u.object_key);
      return false;
    }
    return await this.d.singleArrived(u, { size: object.size, etag: object.etag });
  }

  /** The parts the bucket holds of a pending multipart upload; undefined once the bucket no longer has it. */
  async parts(u: UploadRecord, recorded: () => Promise<UploadPart[]>): Promise<UploadPart[] | undefined> {
    if (u.kind !== 'multipart' || u.status !== 'pending') return await recorded();
    try {
      const parts = await this.d.objects.listParts(u.object_key, u.multipart_id!);
      return parts.map((p) => ({ part_number: p.partNumber, etag: p.etag, size: p.size, received_at: u.updated_at }));
    } catch (e) {
      if (isStoreError(e, 'NoSuchUpload')) return undefined;
      throw e;
    }
  }
}
