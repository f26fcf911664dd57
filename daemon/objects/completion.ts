import { createHash } from 'node:crypto';
import { normalizeEtag, ObjectStoreError, type PartRecord } from './object-store.js';

/**
 * What every store checks before joining parts (ObjectStore.completeMultipart): parts named
 * 1..N, each once, in order; each stored with the etag given; all but the last a full
 * `partSize`. The disk store and the S3 store (which also lets the bucket check them) share it.
 */
export function checkCompletion(partSize: number, stored: PartRecord[], parts: Array<{ partNumber: number; etag: string }>): PartRecord[] {
  if (parts.length === 0 || parts.some((p, i) => p.partNumber !== i + 1)) {
    throw new ObjectStoreError('InvalidPartOrder', 'Parts must be numbered 1..N, each once, in order', { part_numbers: parts.map((p) => p.partNumber) });
  }
  const byNumber = new Map(stored.map((r) => [r.partNumber, r]));
  return parts.map((p, i) => {
    const record = byNumber.get(p.partNumber);
    const fail = (reason: string, message: string) => new ObjectStoreError('InvalidPart', message, { part_number: p.partNumber, reason });
    if (!record) throw fail('missing', `Part ${p.partNumber} has not been uploaded`);
    if (normalizeEtag(record.etag) !== normalizeEtag(p.etag)) throw fail('etag_mismatch', `Part ${p.partNumber}'s etag does not match the stored part`);
    if (i < parts.length - 1 && record.size !== partSize) throw fail('size', `Part ${p.partNumber} is ${record.size} bytes; every part but the last must be ${partSize}`);
    return record;
  });
}

/** The etag S3 gives parts joined: the MD5 of their MD5s (binary, in order), then `-N`. */
export function multipartEtag(partEtags: string[]): string {
  const md5s = Buffer.concat(partEtags.map((e) => Buffer.from(normalizeEtag(e), 'hex')));
  return `${createHash('md5').update(md5s).digest('hex')}-${partEtags.length}`;
}
