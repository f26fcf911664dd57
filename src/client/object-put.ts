import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { ClientError } from './errors.js';
import { parseJson, toClientError } from './http.js';
import { bytesRead } from '../util/release-buffers.js';

/** Bytes `start` .. `start + length - 1` of a file. */
export interface FileSlice {
  path: string;
  start: number;
  length: number;
}

/** Bytes read from disk at a time. */
const READ_CHUNK = 256 * 1024;

export interface PutSliceOptions {
  contentType: string;
  signal?: AbortSignal;
  /** Called with each chunk's size as it leaves for the server (progress). */
  onBytes?: (n: number) => void;
  dispatcher?: Dispatcher;
}

/**
 * PUTs a slice of a file straight to a signed object URL (spec "Upload procedure"): streamed
 * from disk, never held in memory, with the Content-Type the upload was created with and no
 * Authorization header. Returns the ETag header as given (quoted MD5); errors in the API's
 * envelope become ClientErrors, transport failures NETWORK_ERROR (status 0).
 */
export async function putFileSlice(url: string, slice: FileSlice, opts: PutSliceOptions): Promise<string> {
  const file = slice.length > 0 ? createReadStream(slice.path, { start: slice.start, end: slice.start + slice.length - 1, highWaterMark: READ_CHUNK }) : undefined;
  const body = file?.pipe(new Transform({
    transform(chunk: Buffer, _enc, done) {
      opts.onBytes?.(chunk.length);
      bytesRead(chunk.length);
      done(null, chunk);
    },
  }));
  file?.on('error', (e) => body?.destroy(e));
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: 'PUT',
      body: body ?? '',
      headers: { 'content-type': opts.contentType, 'content-length': String(slice.length) },
      signal: opts.signal,
      dispatcher: opts.dispatcher,
    });
  } catch (e) {
    file?.destroy();
    body?.destroy();
    if (opts.signal?.aborted) throw opts.signal.reason ?? e;
    throw new ClientError(0, 'NETWORK_ERROR', `Upload to object storage failed: ${(e as Error).message}`);
  }
  const text = await res.body.text();
  if (res.statusCode >= 300) throw toClientError(res.statusCode, parseJson(text), text, res.headers);
  const etag = res.headers.etag;
  if (!etag) throw new ClientError(res.statusCode, 'NO_ETAG', 'Object storage answered the PUT without an ETag header');
  return String(etag);
}
