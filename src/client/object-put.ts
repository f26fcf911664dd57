import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { ClientError } from './errors.js';
import { parseJson, toClientError } from './http.js';

/** Bytes `start` .. `start + length - 1` of a file. */
export interface FileSlice {
  path: string;
  start: number;
  length: number;
}

export interface PutSliceOptions {
  contentType: string;
  signal?: AbortSignal;
  /** Called as bytes leave for the server (progress). */
  onBytes?: (n: number) => void;
  dispatcher?: Dispatcher;
}

async function* counted(source: AsyncIterable<Buffer>, onBytes?: (n: number) => void): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    onBytes?.(chunk.length);
    yield chunk;
  }
}

/**
 * PUTs a slice of a file straight to a signed object URL (spec "Upload procedure"): streamed
 * from disk, never held in memory, with the Content-Type the upload was created with and no
 * Authorization header. Returns the ETag header as given (quoted MD5); errors in the API's
 * envelope become ClientErrors, transport failures NETWORK_ERROR (status 0).
 */
export async function putFileSlice(url: string, slice: FileSlice, opts: PutSliceOptions): Promise<string> {
  const file = slice.length > 0 ? createReadStream(slice.path, { start: slice.start, end: slice.start + slice.length - 1, highWaterMark: 1024 * 1024 }) : undefined;
  const body = file ? Readable.from(counted(file, opts.onBytes), { objectMode: false }) : '';
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': opts.contentType, 'content-length': String(slice.length) },
      signal: opts.signal,
      dispatcher: opts.dispatcher,
    });
  } catch (e) {
    file?.destroy();
    if (opts.signal?.aborted) throw opts.signal.reason ?? e;
    throw new ClientError(0, 'NETWORK_ERROR', `Upload to object storage failed: ${(e as Error).message}`);
  }
  const text = await res.body.text();
  if (res.statusCode >= 300) throw toClientError(res.statusCode, parseJson(text), text, res.headers);
  const etag = res.headers.etag;
  if (!etag) throw new ClientError(res.statusCode, 'NO_ETAG', 'Object storage answered the PUT without an ETag header');
  return String(etag);
}
