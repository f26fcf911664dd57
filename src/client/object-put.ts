import { createReadStream } from 'node:fs';
import { request, type Dispatcher } from 'undici';
import { ClientError } from './errors.js';
import { parseJson, toClientError } from './http.js';

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
  /** Called with the bytes sent since the last call, about ten times a second (progress). */
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
  // Progress from the stream's own byte count, polled: no per-chunk work on the hot path.
  let reported = 0;
  const report = () => {
    const now = file?.bytesRead ?? 0;
    if (now > reported) opts.onBytes?.(now - reported);
    reported = now;
  };
  const timer = opts.onBytes && file ? setInterval(report, 100) : undefined;
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: 'PUT',
      body: file ?? '',
      headers: { 'content-type': opts.contentType, 'content-length': String(slice.length) },
      signal: opts.signal,
      dispatcher: opts.dispatcher,
    });
  } catch (e) {
    file?.destroy();
    if (opts.signal?.aborted) throw opts.signal.reason ?? e;
    throw new ClientError(0, 'NETWORK_ERROR', `Upload to object storage failed: ${(e as Error).message}`);
  } finally {
    clearInterval(timer);
    report();
  }
  const text = await res.body.text();
  if (res.statusCode >= 300) throw toClientError(res.statusCode, parseJson(text), text, res.headers);
  const etag = res.headers.etag;
  if (!etag) throw new ClientError(res.statusCode, 'NO_ETAG', 'Object storage answered the PUT without an ETag header');
  return String(etag);
}
