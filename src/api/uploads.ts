// Response shapes of the upload endpoints (spec "POST /v1/uploads" and DESIGN.md's re-sign,
// cancel and read endpoints): the daemon builds them, the client reads them.

export type UploadStatus = 'pending' | 'complete' | 'aborted' | 'expired';

export interface PartUrl {
  part_number: number;
  upload_url: string;
}

export interface SingleUploadCreated {
  upload_id: string;
  upload_url: string;
  expires_at: number;
}

export interface MultipartUploadCreated {
  upload_id: string;
  expires_at: number;
  part_size: number;
  parts: PartUrl[];
}

export type CreatedUpload = SingleUploadCreated | MultipartUploadCreated;

export interface ResignedParts {
  upload_id: string;
  expires_at: number;
  parts: PartUrl[];
}

export interface UploadView {
  upload_id: string;
  status: UploadStatus;
  file_name: string | null;
  content_type: string;
  size_bytes: number | null;
  part_size: number | null;
  expires_at: number;
  /** Etags are quoted, exactly as the PUT's ETag header gave them. */
  parts_received: Array<{ part_number: number; etag: string; size: number }>;
}

export interface CompletedUpload {
  upload_id: string;
  status: 'complete';
}

export interface CancelledUpload {
  upload_id: string;
  status: 'aborted';
}
