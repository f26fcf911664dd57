// Building the upload responses (their shapes are in src/api/uploads.ts), what a clip job
// learns when it claims an upload, and the one mapping of object-store errors onto the spec's codes.
import { ApiError, badRequest, conflict } from '../../../src/api/errors.js';
import type { UploadView } from '../../../src/api/uploads.js';
import { isStoreError } from '../../objects/object-store.js';
import type { UploadPart, UploadRecord, UploadStatus } from '../../store/uploads.js';

export type { CreatedUpload, PartUrl, UploadView } from '../../../src/api/uploads.js';

/** What a clip job learns about the upload it claimed. */
export interface ClaimedUpload {
  upload_id: string;
  object_key: string;
  /** The job's folder is named after it (spec "Clip job"); null when none was given. */
  file_name: string | null;
  content_type: string;
  size_bytes: number;
}

export const quoted = (etag: string) => `"${etag}"`;

export function uploadView(u: UploadRecord, status: UploadStatus, parts: UploadPart[]): UploadView {
  return {
    upload_id: u.id,
    status,
    file_name: u.file_name,
    content_type: u.content_type,
    size_bytes: u.size_bytes,
    part_size: u.part_size,
    expires_at: u.expires_at,
    parts_received: parts.map((p) => ({ part_number: p.part_number, etag: quoted(p.etag), size: p.size })),
  };
}

export function claimedView(u: UploadRecord): ClaimedUpload {
  return { upload_id: u.id, object_key: u.object_key, file_name: u.file_name, content_type: u.content_type, size_bytes: u.size_bytes ?? 0 };
}

/** Object-store refusals as API errors: size problems are the caller's (400), races are 409. */
export function fromStoreError(e: unknown): unknown {
  if (!isStoreError(e)) return e;
  switch (e.code) {
    case 'SizeMismatch':
    case 'TooLarge':
    case 'InvalidPart':
    case 'InvalidPartOrder':
      return badRequest(e.message, e.details);
    case 'PartInProgress':
    case 'NoSuchUpload':
      return conflict(e.message, e.details);
    case 'Unavailable':
      return e; // the HTTP layer's one envelope for a store that did not answer, no internal detail
    default:
      return new ApiError('INTERNAL_ERROR', e.message, e.details);
  }
}
