import type { SignedUrl } from './object-urls.js';

export type { SignedUrl };

/** What an upload URL is for: the upload's object, and for a part its multipart upload. */
export interface UploadTarget {
  key: string;
  /** The upload's id (upl_...). */
  uploadId: string;
  /** The content_type given at creation (spec: the PUT must send it as Content-Type). */
  contentType: string;
}

export interface PartTarget extends UploadTarget {
  /** The object store's multipart id. */
  multipartId: string;
  partNumber: number;
  /** The exact length of this part (part_size, the last one shorter). */
  contentLength: number;
}

/**
 * The links clients use for object bytes (spec "Upload": presigned PUT URLs; "preview_url and
 * output_url validity: 1 hour"): signed by the daemon for its own /objects routes (object-urls.ts),
 * or presigned URLs of the bucket (s3-links.ts) when `object_store.kind` is "s3".
 */
export interface ObjectLinks {
  /**
   * True when a PUT goes straight to the store and the daemon never sees it (S3): the upload
   * service then learns of a single PUT and of parts by asking the store (HeadObject, ListParts).
   */
  readonly direct: boolean;
  /** A GET (and HEAD) URL for `key`, valid for `ttlMs`. */
  signGet(key: string, ttlMs: number): string;
  /** The single PUT of an upload. */
  signUpload(target: UploadTarget, ttlMs: number): SignedUrl;
  /** One part of a multipart upload. */
  signPart(target: PartTarget, ttlMs: number): SignedUrl;
}
