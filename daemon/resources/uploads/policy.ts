import { badRequest } from '../../../src/api/errors.js';
import type { CompleteUploadInput } from '../../../src/api/uploads.js';
import { normalizeEtag } from '../../objects/object-store.js';
import type { UploadPart, UploadRecord, UploadStatus } from '../../store/uploads.js';
import { UPLOAD_LIMITS } from '../../../src/api/limits.js';

export { UPLOAD_LIMITS };
export const MiB = 1024 * 1024;

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

/**
 * A complete call's part list: every part 1..N named exactly once, each received with the etag
 * given (spec "POST /v1/uploads" errors: else 400, and the caller re-PUTs and completes again).
 */
export function checkPartList(u: Pick<UploadRecord, 'part_count' | 'size_bytes' | 'part_size'>, parts: CompleteUploadInput['parts'], stored: UploadPart[]): void {
  checkPartNumbers(u, parts);
  const received = new Map(stored.map((p) => [p.part_number, p]));
  const notReceived = parts.filter((p) => !received.has(p.part_number)).map((p) => p.part_number);
  const mismatch = parts.filter((p) => received.has(p.part_number) && normalizeEtag(received.get(p.part_number)!.etag) !== normalizeEtag(p.etag)).map((p) => p.part_number);
  // Parts PUT to the daemon are refused at the wrong length; parts PUT straight to a bucket are
  // checked here too (their URLs sign the length, and this is the last look before joining).
  const wrongSize = parts.filter((p) => received.has(p.part_number) && received.get(p.part_number)!.size !== partLength(u, p.part_number)).map((p) => p.part_number);
  if (notReceived.length || mismatch.length || wrongSize.length) {
    const message = notReceived.length
      ? `Part(s) ${notReceived.join(', ')} have not been uploaded`
      : mismatch.length ? `The etag of part(s) ${mismatch.join(', ')} does not match the stored part` : `Part(s) ${wrongSize.join(', ')} are not their part's length`;
    throw badRequest(`${message}; PUT them (re-sign first if the URL expired) and complete again`, { field: 'parts', not_received: notReceived, etag_mismatch: mismatch, wrong_size: wrongSize });
  }
}

/** The first half of checkPartList: every part 1..N named exactly once (400 otherwise). */
export function checkPartNumbers(u: Pick<UploadRecord, 'part_count'>, parts: CompleteUploadInput['parts']): void {
  const count = u.part_count!;
  const seen = new Map<number, number>();
  for (const p of parts) seen.set(p.part_number, (seen.get(p.part_number) ?? 0) + 1);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !seen.has(n));
  const duplicate = [...seen].filter(([, times]) => times > 1).map(([n]) => n);
  const outOfRange = [...seen.keys()].filter((n) => n > count);
  if (missing.length || duplicate.length || outOfRange.length) {
    throw badRequest(`parts must list every part 1..${count} exactly once`, { field: 'parts', missing, duplicate, out_of_range: outOfRange });
  }
}
