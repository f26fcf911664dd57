import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fetchFollowing, LinkError, type LinkPolicy } from './links.js';

/** Spec "Sizes, times and counts": the file behind `source.url` is at most 8 GB. */
export const MAX_SOURCE_BYTES = 8 * 1024 ** 3;

export interface DownloadResult {
  bytes: number;
  contentType: string | null;
}

const human = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${Math.round(n / 1024 ** 2)} MB`);

/**
 * Streams a link into `dest` (through a temp file renamed at the end, so a crash never leaves a
 * half file under the final name), aborting as soon as it grows over `maxBytes`. Failures are
 * LinkErrors with a message a person can act on; network trouble and 5xx are transient.
 */
export async function downloadLink(url: URL, dest: string, opts: { policy: LinkPolicy; maxBytes?: number; signal?: AbortSignal; onBytes?: (n: number, total?: number) => void }): Promise<DownloadResult> {
  const maxBytes = opts.maxBytes ?? MAX_SOURCE_BYTES;
  let response;
  try {
    response = await fetchFollowing(url, { method: 'GET', signal: opts.signal, policy: opts.policy, timeoutMs: 60_000 });
  } catch (e) {
    if (e instanceof LinkError) throw e;
    if (opts.signal?.aborted) throw e;
    throw new LinkError(`Could not download ${url.href}: ${describeNetworkError(e as Error)}`, { transient: true });
  }
  const { res } = response;
  if (res.statusCode >= 400) {
    res.body.destroy();
    throw new LinkError(`Could not download ${url.href}: the server answered ${res.statusCode}`, { status: res.statusCode });
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw new LinkError(`The file at ${url.href} is ${human(declared)}, over the ${human(maxBytes)} limit for source links`);
  }
  const tmp = `${dest}.part`;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new LinkError(`The file at ${url.href} is over the ${human(maxBytes)} limit for source links; the download was stopped`));
      opts.onBytes?.(bytes, Number.isFinite(declared) ? declared : undefined);
      done(null, chunk);
    },
  });
  try {
    await pipeline(res.body, counter, createWriteStream(tmp), { signal: opts.signal });
    await rename(tmp, dest);
  } catch (e) {
    await rm(tmp, { force: true });
    if (e instanceof LinkError || opts.signal?.aborted) throw e;
    throw new LinkError(`The download of ${url.href} broke off after ${human(bytes)}: ${describeNetworkError(e as Error)}`, { transient: true });
  }
  if (bytes === 0) throw new LinkError(`The link ${url.href} returned an empty file`);
  return { bytes, contentType: String(res.headers['content-type'] ?? '') || null };
}

function describeNetworkError(e: Error): string {
  const code = (e as { code?: string }).code ?? (e.cause as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'the server refused the connection';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code?.includes('TIMEOUT')) return 'the server did not answer in time';
  return e.message;
}
