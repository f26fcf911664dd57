import { HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { budgeted } from './call-budget.js';
import { ObjectStoreError } from './object-store.js';
import type { S3Settings } from './s3-settings.js';

export type { S3Settings };

/** A bucket that does not accept the connection in this time is not answering. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A body sent or received may stall this long before the call fails (streams have no total time). */
const STREAM_IDLE_TIMEOUT_MS = 30_000;
/** One attempt of a call without a streamed body (HEAD, LIST, DELETE, multipart bookkeeping). */
const SMALL_CALL_TIMEOUT_MS = 3_000;
/** Every attempt of such a call, backoff included: a request answers well within 15 s. */
const SMALL_CALL_DEADLINE_MS = 7_000;

/**
 * The options of a call without a streamed body: each attempt answers within 3 s, all of them
 * within 7 s, and within what is left of the request's budget (call-budget.ts), or the call
 * fails as the store's `Unavailable`.
 */
export const smallCall = ({ attemptMs = SMALL_CALL_TIMEOUT_MS, deadlineMs = SMALL_CALL_DEADLINE_MS } = {}) => budgeted(attemptMs, deadlineMs);

/**
 * The SDK's client for the bucket of `object_store`, through the AWS SDK v3.
 * Every call has a connect timeout and a 30 s idle timeout; calls without a streamed body add a
 * total time (smallCall()). Calls that fail to answer are tried 3 times with the SDK's backoff;
 * `retries: false` makes a client for the calls that must not run twice (CreateMultipartUpload).
 */
export function s3Client(s: S3Settings, opts: { retries?: boolean } = {}): S3Client {
  return new S3Client({
    requestHandler: new NodeHttpHandler({ connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: STREAM_IDLE_TIMEOUT_MS, throwOnRequestTimeout: true }),
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, sessionToken: s.sessionToken },
    // The SDK's default adds CRC32 checksums that S3-compatible engines (and presigned PUTs
    // made without a body) do not all accept; the daemon sends Content-MD5 where it matters.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: opts.retries === false ? 1 : 3,
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
  if (unanswered(e)) return new ObjectStoreError('Unavailable', `The object store did not answer (${what})`, { ...details, reason: (e as Error).message });
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

const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'];

/** A call the bucket did not answer: a timeout, the deadline's abort, or a connection that failed. */
function unanswered(e: unknown): boolean {
  const err = e as { name?: string; code?: string } | undefined;
  return err?.name === 'TimeoutError' || err?.name === 'AbortError' || NETWORK_CODES.includes(err?.code ?? '');
}

/** Whether the bucket can be used (HeadBucket): the daemon checks at start, /readyz on each call. */
export async function checkBucket(client: S3Client, bucket: string, deadlineMs?: number): Promise<void> {
  await client.send(new HeadBucketCommand({ Bucket: bucket }), smallCall({ deadlineMs }));
}
