import type { Readable } from 'node:stream';
import { withinDeadline } from '../domain/deadline.js';

/**
 * The object store behind uploads, previews and renders (issue 3, item 1). The on-disk store is
 * the one the local daemon uses; an S3-compatible store can replace it by passing the same
 * contract suite (test/objects/object-store-contract.ts). Bodies are streams: no method holds
 * a whole object in memory, and no method leaves a half-written object under its final name.
 *
 * Keys are `/`-separated segments of [A-Za-z0-9._-], none starting with a dot, at most 512
 * characters. A key cannot also be the prefix folder of another key (`a` and `a/b`).
 */
export interface ObjectStore {
  /** Stores `body` under `key` (replacing what was there), computing its MD5 while streaming. */
  put(key: string, body: BodySource, opts?: PutOptions): Promise<PutResult>;
  /** The object's bytes, or the inclusive byte `range` of them. NoSuchKey / InvalidRange. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix` (cleanup walks these). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** A file path the object can be read from directly, when the store has one (ffmpeg input). */
  localPath(key: string): Promise<string | undefined>;

  /**
   * Starts a multipart upload of `key` in parts of `partSize` bytes (the last may be smaller).
   * Returns its multipart id.
   */
  createMultipart(key: string, opts: { partSize: number; contentType?: string }): Promise<string>;
  /** Stores part `partNumber` (1-based); at most partSize bytes. A repeat replaces the part. */
  putPart(key: string, multipartId: string, partNumber: number, body: BodySource, opts?: { expectedSize?: number }): Promise<PutResult>;
  listParts(key: string, multipartId: string): Promise<PartRecord[]>;
  /**
   * Joins parts 1..N (each named once, in order, etags matching, every part but the last a
   * full partSize) into the object `key`. Repeating a finished completion returns its result.
   */
  completeMultipart(key: string, multipartId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<PutResult>;
  /** Discards a multipart upload and its parts; nothing happens when it is already gone. */
  abortMultipart(key: string, multipartId: string): Promise<void>;
  /** Multipart uploads in progress (cleanup removes the abandoned ones). */
  listMultipart(): AsyncIterable<MultipartRef>;
  /** Removes leftovers of interrupted writes older than `minAgeMs`; returns how many. */
  purgeIncomplete(minAgeMs: number): Promise<number>;
  /** Readiness: a cheap call that answers within `timeoutMs` (default 2 s), else Unavailable. */
  ping(timeoutMs?: number): Promise<void>;
}

export type BodySource = Readable | AsyncIterable<Uint8Array>;

export interface PutOptions {
  contentType?: string;
  /** The body must be exactly this long (a declared Content-Length). */
  expectedSize?: number;
  /** The body may be at most this long. */
  maxSize?: number;
}

export interface PutResult {
  size: number;
  /** MD5 hex of the body for put/putPart; an S3-style `md5-of-md5s-N` for multipart objects. */
  etag: string;
}

export interface StoredObject {
  key: string;
  size: number;
  etag: string;
  contentType: string;
  modifiedAt: number;
}

export interface PartRecord {
  partNumber: number;
  etag: string;
  size: number;
}

export interface MultipartRef {
  key: string;
  multipartId: string;
  initiatedAt: number;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export type ObjectStoreErrorCode =
  | 'NoSuchKey'
  | 'NoSuchUpload'
  | 'InvalidKey'
  | 'InvalidRange'
  | 'InvalidPart'
  | 'InvalidPartOrder'
  | 'SizeMismatch'
  | 'TooLarge'
  | 'PartInProgress'
  /** The store did not answer in time (a frozen or unreachable server): nothing is known to have changed. */
  | 'Unavailable';

export class ObjectStoreError extends Error {
  constructor(readonly code: ObjectStoreErrorCode, message: string, readonly details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ObjectStoreError';
  }
}

export const isStoreError = (e: unknown, code?: ObjectStoreErrorCode): e is ObjectStoreError =>
  e instanceof ObjectStoreError && (code === undefined || e.code === code);

/** What a request answers when the object store did not: no internal detail. */
export const OBJECTS_UNAVAILABLE_MESSAGE = 'The object store did not answer in time; retry with backoff';

/** True when `e`, or one of its causes, is the store not answering. */
export function objectsUnavailableOf(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) if (isStoreError(cur, 'Unavailable')) return true;
  return false;
}

/** The store's answer, or Unavailable once `ms` passed without one. */
export async function withinMs<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return await withinDeadline(promise, ms, () => new ObjectStoreError('Unavailable', `The object store did not answer (${what}) within ${ms} ms`));
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertValidKey(key: string): void {
  const ok = typeof key === 'string' && key.length > 0 && key.length <= 512 && key.split('/').every((s) => SEGMENT.test(s));
  if (!ok) throw new ObjectStoreError('InvalidKey', `Invalid object key: ${JSON.stringify(key)}`, { key });
}

/** Strips the quotes an HTTP ETag header carries, so stored and sent etags compare equal. */
export const normalizeEtag = (etag: string) => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').toLowerCase();
