import { createHash } from 'node:crypto';
import { request } from 'undici';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

export const KiB = 1024;
/** Tests shrink the 5 MiB minimum part size so multipart uploads stay small and fast. */
export const TEST_PART_SIZE = 64 * KiB;

export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

export async function startUploadDaemon(): Promise<TestDaemon & { auth: string }> {
  // Many calls a minute on one team: the request-rate limit is tested with the foundation.
  const d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, uploads: { min_part_size: TEST_PART_SIZE } } });
  return Object.assign(d, { auth: `Key ${await d.apiKey()}` });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  bytes: Buffer;
}

/** A request to an object URL: no Authorization header, exactly as a browser or curl sends it. */
export async function objectRequest(method: 'GET' | 'PUT' | 'HEAD', url: string, opts: { body?: Buffer; contentType?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.contentType !== undefined) headers['content-type'] = opts.contentType;
  const res = await request(url, { method, body: opts.body, headers });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  let body: unknown;
  try {
    body = bytes.length && String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(bytes.toString()) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body, bytes };
}

export const putObject = (url: string, body: Buffer, contentType = 'video/mp4', headers?: Record<string, string>) => objectRequest('PUT', url, { body, contentType, headers });

/** Creates a multipart upload of `source` and PUTs the given parts (default: all). */
export async function multipartUpload(d: TestDaemon & { auth: string }, source: Buffer, opts: { parts?: number[]; contentType?: string; fileName?: string } = {}) {
  const created = await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: opts.contentType ?? 'video/mp4', size_bytes: source.length, file_name: opts.fileName } });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const { upload_id, part_size, parts } = created.body as { upload_id: string; part_size: number; parts: Array<{ part_number: number; upload_url: string }> };
  const slice = (n: number) => source.subarray((n - 1) * part_size, n * part_size);
  const etags = new Map<number, string>();
  for (const p of parts.filter((p) => !opts.parts || opts.parts.includes(p.part_number))) {
    const r = await putObject(p.upload_url, slice(p.part_number), opts.contentType ?? 'video/mp4');
    if (r.status !== 200) throw new Error(`part ${p.part_number}: ${r.status} ${JSON.stringify(r.body)}`);
    etags.set(p.part_number, String(r.headers.etag));
  }
  const completeBody = () => ({ parts: parts.map((p) => ({ part_number: p.part_number, etag: etags.get(p.part_number) ?? '"0"' })) });
  return { upload_id, part_size, parts, etags, slice, completeBody };
}

export async function readObject(d: TestDaemon, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await d.app.objects.get(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
