// The uploader of the browser build (issue 18, item 2: "the uploader (single and multipart with
// resume)" for "browsers with fetch"): a Blob or File goes up through the spec's "Upload
// procedure" with the global fetch, no Node module. Single signed PUT up to `multipartThreshold`,
// else multipart (POST /v1/uploads with `size_bytes`, one PUT per part, complete). Resume: pass the
// `upload_id` of an unfinished multipart upload of the same Blob as `resume`; parts the service
// already has (GET /v1/uploads/:id `parts_received`) are skipped and the others re-signed.
import type { MultipartUploadCreated, SingleUploadCreated } from '../api/uploads.js';
import type { ClipperClient } from './client.js';
import { ClientError } from './errors.js';
import { parseJson, toClientError } from './http.js';

export interface BlobUploadOptions {
  fileName?: string;
  /** Defaults to the Blob's own type, else application/octet-stream. */
  contentType?: string;
  /** Blobs larger than this go multipart (default 64 MiB, as the Node uploader). */
  multipartThreshold?: number;
  /** The upload_id of an unfinished multipart upload of this Blob, to resume it. */
  resume?: string;
  signal?: AbortSignal;
  onProgress?: (p: { sentBytes: number; totalBytes: number }) => void;
  fetch?: typeof fetch;
}

export interface BlobUploadResult {
  upload_id: string;
  multipart: boolean;
  parts_sent: number;
  parts_skipped: number;
}

const DEFAULT_THRESHOLD = 64 * 1024 * 1024;

/** One PUT of a body to a signed URL; the ETag it answers with (object storage's part receipt). */
async function put(f: typeof fetch, url: string, body: Blob, contentType: string, signal?: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await f(url, { method: 'PUT', body, headers: { 'content-type': contentType }, signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ClientError(0, 'NETWORK_ERROR', `Upload to object storage failed: ${(e as Error).message}`);
  }
  const text = await res.text();
  // The API's one reading of an error answer (envelope, Retry-After, a foreign page in one line).
  if (!res.ok) throw toClientError(res.status, parseJson(text), text, Object.fromEntries(res.headers));
  return res.headers.get('etag') ?? '';
}

export async function uploadBlob(client: ClipperClient, blob: Blob, o: BlobUploadOptions = {}): Promise<BlobUploadResult> {
  if (blob.size === 0) throw new Error('The Blob is empty: there is nothing to upload');
  const f = o.fetch ?? globalThis.fetch;
  const contentType = o.contentType ?? (blob.type || 'application/octet-stream');
  const base = { content_type: contentType, ...(o.fileName ? { file_name: o.fileName } : {}) };
  if (!o.resume && blob.size <= (o.multipartThreshold ?? DEFAULT_THRESHOLD)) {
    // Spec step 1: a refused (expired) URL means a fresh upload.
    for (let attempt = 1; ; attempt++) {
      const created = (await client.uploads.create(base)) as SingleUploadCreated;
      try {
        await put(f, created.upload_url, blob, contentType, o.signal);
        o.onProgress?.({ sentBytes: blob.size, totalBytes: blob.size });
        return { upload_id: created.upload_id, multipart: false, parts_sent: 1, parts_skipped: 0 };
      } catch (e) {
        if (!(e instanceof ClientError) || e.status !== 403 || attempt >= 3) throw e;
      }
    }
  }
  let upload: { upload_id: string; part_size: number; urls: Map<number, string> };
  const have = new Map<number, string>();
  if (o.resume) {
    const current = await client.uploads.get(o.resume);
    if (current.status !== 'pending' || !current.part_size) throw new Error(`Upload ${o.resume} cannot be resumed: it is ${current.status}`);
    if (current.size_bytes !== blob.size) throw new Error(`Upload ${o.resume} was made for ${current.size_bytes} bytes; this Blob has ${blob.size}`);
    for (const p of current.parts_received) have.set(p.part_number, p.etag);
    upload = { upload_id: o.resume, part_size: current.part_size, urls: new Map() };
  } else {
    const created = (await client.uploads.create({ ...base, size_bytes: blob.size })) as MultipartUploadCreated;
    upload = { upload_id: created.upload_id, part_size: created.part_size, urls: new Map(created.parts.map((p) => [p.part_number, p.upload_url])) };
  }
  const count = Math.ceil(blob.size / upload.part_size);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !have.has(n));
  const resign = async (numbers: number[]) => {
    for (const p of (await client.uploads.resign(upload.upload_id, numbers)).parts) upload.urls.set(p.part_number, p.upload_url);
  };
  if (missing.some((n) => !upload.urls.has(n))) await resign(missing);
  let sent = [...have.keys()].reduce((s, n) => s + Math.min(upload.part_size, blob.size - (n - 1) * upload.part_size), 0);
  for (const n of missing) {
    const part = blob.slice((n - 1) * upload.part_size, Math.min(blob.size, n * upload.part_size));
    for (let attempt = 1; ; attempt++) {
      try {
        have.set(n, await put(f, upload.urls.get(n)!, part, contentType, o.signal));
        break;
      } catch (e) {
        // An expired part URL is signed again (DESIGN.md POST /v1/uploads/:id/parts).
        if (!(e instanceof ClientError) || e.status !== 403 || attempt >= 3) throw e;
        await resign([n]);
      }
    }
    sent += part.size;
    o.onProgress?.({ sentBytes: sent, totalBytes: blob.size });
  }
  await client.uploads.complete(upload.upload_id, [...have].sort((a, b) => a[0] - b[0]).map(([part_number, etag]) => ({ part_number, etag })));
  return { upload_id: upload.upload_id, multipart: true, parts_sent: missing.length, parts_skipped: count - missing.length };
}
