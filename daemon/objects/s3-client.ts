import { HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ObjectStoreError } from './object-store.js';
import type { S3Settings } from './s3-settings.js';

export type { S3Settings };

/** The SDK's client for the bucket of `object_store` (issue 21, item 2: "through the AWS SDK v3"). */
export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, sessionToken: s.sessionToken },
    // The SDK's default adds CRC32 checksums that S3-compatible engines (and presigned PUTs
    // made without a body) do not all accept; the daemon sends Content-MD5 where it matters.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/** The S3 error code of a failed call ('NoSuchKey', 'NoSuchUpload', 'NotFound', ...), if any. */
export const s3Code = (e: unknown): string | undefined =>
  e instanceof S3ServiceException ? ((e as { Code?: string }).Code ?? e.name) : undefined;

export const isS3Missing = (e: unknown) => ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(s3Code(e) ?? '') || (e as S3ServiceException)?.$metadata?.httpStatusCode === 404;

/**
 * A failed call as the store's own error where it has a meaning for callers, else an Error that
 * names the operation and the bucket's answer, never a credential.
 */
export function fromS3(e: unknown, what: string, details: Record<string, unknown> = {}): Error {
  if (e instanceof ObjectStoreError) return e;
  const code = s3Code(e);
  if (code === 'NoSuchUpload') return new ObjectStoreError('NoSuchUpload', `No multipart upload (${what})`, details);
  if (code === 'NoSuchKey' || code === 'NotFound') return new ObjectStoreError('NoSuchKey', `No object (${what})`, details);
  if (code === 'InvalidPart') return new ObjectStoreError('InvalidPart', `The bucket refused a part (${what}): ${(e as Error).message}`, { ...details, reason: 'etag_mismatch' });
  if (code === 'InvalidPartOrder') return new ObjectStoreError('InvalidPartOrder', `The bucket refused the part order (${what})`, details);
  if (code === 'EntityTooSmall') return new ObjectStoreError('InvalidPart', `The bucket refused a part under its 5 MiB minimum (${what})`, { ...details, reason: 'size' });
  const status = (e as S3ServiceException)?.$metadata?.httpStatusCode;
  const reason = code ? `${code}${status ? ` (HTTP ${status})` : ''}: ${(e as Error).message}` : (e as Error)?.message ?? String(e);
  return new Error(`S3 ${what} failed: ${reason}`, { cause: e });
}

/** Whether the bucket can be used (HeadBucket): the daemon checks once at start. */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  await client.send(new HeadBucketCommand({ Bucket: bucket }));
}
