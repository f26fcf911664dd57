import type { UploadRecord, UploadStatus } from '../store/uploads.js';

export const MiB = 1024 * 1024;
const HOUR = 3600_000;

/** The numbers of the spec's "Sizes, times and counts" and DESIGN.md, in one place. */
export const UPLOAD_LIMITS = {
  /** `size_bytes` of a multipart upload: at most 10,000,000,000. */
  maxSizeBytes: 10_000_000_000,
  /** A single PUT: up to 5 GB. */
  maxSinglePutBytes: 5_000_000_000,
  maxParts: 100,
  /** `part_numbers` per re-sign call. */
  maxResignParts: 100,
  singleUrlTtlMs: HOUR,
  partUrlTtlMs: 4 * HOUR,
  /** Our choice: a pending multipart upload expires a day after its last part PUT or re-sign. */
  pendingIdleMs: 24 * HOUR,
  /** Our choice: a complete upload no job has used is removed by the first cleanup a day on. */
  unusedKeepMs: 24 * HOUR,
  /** DESIGN.md: part size is at least 5 MiB. Tests may lower it (config extra.min_part_size). */
  minPartSize: 5 * MiB,
} as const;

/**
 * DESIGN.md: `max(5 MiB, ceil(size_bytes / 100))` rounded up to a whole MiB, so no upload needs
 * more than 100 parts. (With a test minimum under 1 MiB, it rounds to that minimum instead.)
 */
export function partSizeFor(sizeBytes: number, minPartSize: number = UPLOAD_LIMITS.minPartSize): number {
  const unit = Math.min(MiB, minPartSize);
  return Math.ceil(Math.max(minPartSize, Math.ceil(sizeBytes / UPLOAD_LIMITS.maxParts)) / unit) * unit;
}

export const partCountFor = (sizeBytes: number, partSize: number) => Math.ceil(sizeBytes / partSize);

/** Part N covers bytes (N-1) x part_size through N x part_size - 1; the last may be shorter. */
export function partLength(upload: Pick<UploadRecord, 'size_bytes' | 'part_size' | 'part_count'>, partNumber: number): number {
  const { size_bytes: size, part_size: partSize, part_count: count } = upload;
  if (size === null || partSize === null || count === null) throw new Error('partLength of a single-PUT upload');
  return partNumber < count ? partSize : size - (count - 1) * partSize;
}

/**
 * The status an upload has now. A pending upload past its stale time (single: its URL expired
 * unused; multipart: a day without activity) is expired even before the nightly cleanup writes
 * it down. A complete upload stays complete while its object exists (spec: "upload_id validity:
 * while the stored object exists"); the cleanup removes unused ones and marks them expired.
 */
export function effectiveStatus(upload: Pick<UploadRecord, 'status' | 'stale_at'>, now: number): UploadStatus {
  return upload.status === 'pending' && now >= upload.stale_at ? 'expired' : upload.status;
}
