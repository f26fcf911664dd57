import { pipeline, Transform, type Readable } from 'node:stream';
import { isPrivateAddressError } from '../../net/target-policy.js';
import { discard, fetchFollowing, LinkError, type LinkPolicy } from './links.js';
import { MAX_SOURCE_BYTES } from '../../../src/api/limits.js';

export { MAX_SOURCE_BYTES };

export interface OpenDownload {
  /** The file's bytes, counted: the stream fails with a LinkError once it passes the cap. */
  body: Readable;
  contentType: string | null;
  /** Bytes so far. */
  received(): number;
}

/** Decimal units, as the spec counts them. */
export function humanBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${Math.round(n / 1e6)} MB`;
  return n >= 1e3 ? `${Math.round(n / 1e3)} KB` : `${n} bytes`;
}

/**
 * Starts streaming a link (the caller pipes `body` into the object store, so nothing is held in
 * memory). Over `maxBytes`, by Content-Length or by counting, it stops with a LinkError; a 4xx
 * is a final LinkError, network trouble and 5xx are transient ones. Messages say what happened
 * in words a person can act on: they become the job's `error`.
 */
export async function openDownload(url: URL, opts: { policy: LinkPolicy; maxBytes?: number; signal?: AbortSignal }): Promise<OpenDownload> {
  const maxBytes = opts.maxBytes ?? MAX_SOURCE_BYTES;
  let response;
  try {
    response = await fetchFollowing(url, { method: 'GET', signal: opts.signal, policy: opts.policy, timeoutMs: 60_000 });
  } catch (e) {
    if (e instanceof LinkError || opts.signal?.aborted) throw e;
    if (isPrivateAddressError(e)) throw new LinkError(`Could not download ${url.href}: ${(e as { cause: Error }).cause.message}, which this deployment does not download from`);
    throw new LinkError(`Could not download ${url.href}: ${describeNetworkError(e as Error)}`, { transient: true });
  }
  const { res } = response;
  if (res.statusCode >= 400) {
    discard(res.body);
    throw new LinkError(`Could not download ${url.href}: the server answered ${res.statusCode}`, { status: res.statusCode });
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(res.body);
    throw new LinkError(`The file at ${url.href} is ${humanBytes(declared)}, over the ${humanBytes(maxBytes)} limit for source links`);
  }
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new LinkError(`The file at ${url.href} is over the ${humanBytes(maxBytes)} limit for source links; the download was stopped`));
      done(null, chunk);
    },
    flush(done) {
      done(bytes === 0 ? new LinkError(`The link ${url.href} returned an empty file`) : null);
    },
  });
  // pipeline() tears the response down when the counter stops it, and the other way round.
  pipeline(res.body, counter, () => {});
  return { body: counter, contentType: String(res.headers['content-type'] ?? '') || null, received: () => bytes };
}

export function describeNetworkError(e: Error): string {
  const code = (e as { code?: string }).code ?? (e.cause as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'the server refused the connection';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed';
  if (code?.includes('TIMEOUT')) return 'the server did not answer in time';
  return e.message;
}
