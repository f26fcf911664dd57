import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { ClientError } from './errors.js';

export interface DownloadOptions {
  /** Called once with the size from Content-Length (undefined when the server sends none). */
  onStart?: (totalBytes: number | undefined) => void;
  /** Called as bytes arrive. */
  onData?: (bytes: number) => void;
  signal?: AbortSignal;
}

/**
 * Streams a (signed) URL into `dest`: written to `dest.part` first and renamed when complete, so
 * an interrupted download never leaves a truncated file under the final name.
 */
export async function downloadToFile(url: string, dest: string, opts: DownloadOptions = {}): Promise<number> {
  let res;
  try {
    res = await request(url, { method: 'GET', signal: opts.signal });
  } catch (e) {
    throw new ClientError(0, 'NETWORK_ERROR', `Could not download ${new URL(url).origin}${new URL(url).pathname}: ${(e as Error).message}`);
  }
  if (res.statusCode !== 200) {
    const text = await res.body.text();
    throw new ClientError(res.statusCode, res.statusCode === 403 ? 'FORBIDDEN' : 'HTTP_ERROR', `Download failed with HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
  }
  const length = Number(res.headers['content-length']);
  opts.onStart?.(Number.isFinite(length) ? length : undefined);
  const part = `${dest}.part`;
  let received = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      received += chunk.length;
      opts.onData?.(chunk.length);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(res.body, count, createWriteStream(part));
    if (Number.isFinite(length) && received !== length) throw new ClientError(0, 'NETWORK_ERROR', `Download ended after ${received} of ${length} bytes`);
    await rename(part, dest);
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  return received;
}
