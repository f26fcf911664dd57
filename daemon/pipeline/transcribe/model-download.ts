import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ModelError } from './models.js';
import { megabytes } from '../../../src/util/megabytes.js';

export interface DownloadOptions {
  /** Hex SHA-256 of the whole file: a mismatch is refused and the partial file removed. */
  sha256?: string;
  /** Bytes so far (resumed bytes included) and the total when known. */
  onProgress?: (received: number, total: number | undefined) => void;
  signal?: AbortSignal;
  /** Tries after a dropped connection, each resuming where the last stopped (default 4). */
  attempts?: number;
  /** Wait before the next try (ms; tests shorten it). */
  retryDelayMs?: number;
}

/** What was downloaded: its SHA-256 (checked when one was expected) and size. */
export interface Downloaded {
  sha256: string;
  size_bytes: number;
}

const mb = (n: number) => `${megabytes(n)} MB`;

/**
 * Downloads `url` to `dest` (issue 14, item 2: "downloads with a progress bar, resumes an
 * interrupted download, verifies the checksum and refuses a mismatch"). The bytes go to
 * `dest.part`; a part left by an earlier run or a dropped connection is continued with an HTTP
 * Range request (a server that ignores Range sends it all again). Only a complete file whose
 * SHA-256 matches is renamed to `dest`. A full disk keeps the part, so a later run resumes.
 */
export async function downloadFile(url: string, dest: string, opts: DownloadOptions = {}): Promise<Downloaded> {
  const part = `${dest}.part`;
  const attempts = opts.attempts ?? 4;
  let total: number | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      total = await fetchInto(url, part, opts);
      break;
    } catch (e) {
      if (opts.signal?.aborted || e instanceof ModelError) throw e;
      if (attempt >= attempts || !(e instanceof DroppedError || RETRY.includes(causeCode(e) ?? ''))) throw dropped(url, e, (await stat(part).catch(() => undefined))?.size ?? 0);
      await new Promise((r) => setTimeout(r, (opts.retryDelayMs ?? 1000) * attempt));
    }
  }
  const size = (await stat(part)).size;
  if (total !== undefined && size !== total) throw new ModelError(`the download of ${url} ended at ${size} of ${total} bytes`);
  const sha256 = await hashFile(part);
  if (opts.sha256 && sha256 !== opts.sha256.toLowerCase()) {
    await rm(part, { force: true });
    throw new ModelError(`the file at ${url} is not the published one: its SHA-256 is ${sha256}, the catalogue says ${opts.sha256}. It was removed; nothing was installed`);
  }
  await rename(part, dest);
  return { sha256, size_bytes: size };
}

/** A connection that broke (worth resuming); no server at all, or a bad address, is not. */
const RETRY = ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'];
class DroppedError extends Error {}
const causeCode = (e: unknown) => ((e as { cause?: NodeJS.ErrnoException }).cause ?? (e as NodeJS.ErrnoException)).code;
/** No connection could be made at all: offline, a name that does not resolve, nothing listening. */
const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'UND_ERR_CONNECT_TIMEOUT'];
const dropped = (url: string, e: unknown, kept: number) => {
  const why = (e as Error).message === 'fetch failed' ? ((e as { cause?: Error }).cause?.message ?? 'fetch failed') : (e as Error).message;
  // Issue 27, item 10: offline is not a broken download; say that the host cannot be reached.
  if (UNREACHABLE.includes(causeCode(e) ?? '')) {
    const resume = kept ? `; the ${mb(kept)} downloaded before are kept, so the same command resumes once it can be reached` : '';
    return new ModelError(`cannot reach ${new URL(url).host} (${why}): check the network connection, or set CLIPPER_MODEL_HUB to a mirror you can reach${resume}`);
  }
  return new ModelError(`cannot download ${url}: ${why}; run the same command again to resume`);
};

/** One request: continues `part` from its size. Returns the file's total size when known. */
async function fetchInto(url: string, part: string, opts: DownloadOptions): Promise<number | undefined> {
  const have = (await stat(part).catch(() => undefined))?.size ?? 0;
  const res = await fetch(url, { headers: have ? { range: `bytes=${have}-` } : {}, signal: opts.signal, redirect: 'follow' });
  const header = (n: string) => res.headers.get(n) ?? undefined;
  if (res.status === 416 && have) {
    // Range past the end: the part is the whole file already (or stale). The checksum decides.
    await res.body?.cancel();
    const whole = /\/(\d+)$/.exec(header('content-range') ?? '');
    if (whole && Number(whole[1]) === have) return have;
    await rm(part, { force: true });
    return fetchInto(url, part, opts);
  }
  if ((res.status !== 200 && res.status !== 206) || !res.body) {
    await res.body?.cancel();
    throw new ModelError(`cannot download ${url}: the server answered HTTP ${res.status}${res.status === 404 ? ' (not found)' : ''}`);
  }
  if ((header('content-type') ?? '').startsWith('text/html')) {
    await res.body.cancel();
    throw new ModelError(`${url} is a web page, not a model file (on Hugging Face use the /resolve/ link, not /blob/)`);
  }
  const resumed = res.status === 206;
  const from = resumed ? have : 0;
  const length = Number(header('content-length'));
  const range = /\/(\d+)$/.exec(header('content-range') ?? '');
  const total = range ? Number(range[1]) : Number.isFinite(length) && header('content-length') !== undefined ? from + length : undefined;
  let received = from;
  opts.onProgress?.(received, total);
  const out = createWriteStream(part, { flags: resumed ? 'a' : 'w' });
  const failed = new Promise<never>((_, reject) => out.on('error', reject));
  failed.catch(() => {});
  try {
    for await (const chunk of Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
      if (!out.write(chunk)) await Promise.race([new Promise<void>((r) => out.once('drain', () => r())), failed]);
      received += chunk.length;
      opts.onProgress?.(received, total);
    }
    await Promise.race([new Promise<void>((r) => out.end(r)), failed]);
  } catch (e) {
    out.destroy();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new ModelError(`the disk is full: ${mb(received)} of ${total ? mb(total) : 'the model'} downloaded. Free some space and run the same command again to resume`);
    }
    if (out.errored) throw new ModelError(`cannot write the model file: ${(e as Error).message}`);
    if (opts.signal?.aborted) throw e;
    throw new DroppedError(`the connection closed after ${received} of ${total ?? '?'} bytes (${(e as Error).message})`);
  }
  if (total !== undefined && received < total) throw new DroppedError(`the connection closed after ${received} of ${total} bytes`);
  return total;
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
