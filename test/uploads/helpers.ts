import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { request } from 'undici';
import { ManualClock } from '../../daemon/clock.js';
import type { SettingsInput } from '../../daemon/config.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';

export const KiB = 1024;
/** Tests shrink the 5 MiB minimum part size so multipart uploads stay small and fast. */
export const TEST_PART_SIZE = 64 * KiB;

export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

/**
 * The object stores the upload suites run against (issue 21, item 2: "Every rule of the spec's
 * upload section still holds ... checked by the same upload tests"): the daemon's disk store
 * with its own signed URLs, and an S3-compatible bucket on a local S3-protocol server that the
 * clients PUT to directly.
 */
export type StoreKind = 'disk' | 's3';
export const STORE_KINDS: StoreKind[] = ['disk', 's3'];

export type UploadDaemon = TestDaemon & {
  auth: string;
  kind: StoreKind;
  /** Where upload URLs point: the daemon's /objects routes, or the bucket. */
  objectUrlPrefix: string;
  s3?: TestS3;
};

export async function startUploadDaemon(kind: StoreKind = 'disk'): Promise<UploadDaemon> {
  // Many calls a minute on one team: the request-rate limit is tested with the foundation.
  const settings: SettingsInput = { limits: { requests_per_minute: 100_000 }, uploads: { min_part_size: TEST_PART_SIZE } };
  // Presigned URLs carry whole seconds (X-Amz-Date): a clock on a whole second keeps expires_at exact.
  const clock = new ManualClock(Math.floor(Date.now() / 1000) * 1000);
  let s3: TestS3 | undefined;
  if (kind === 's3') {
    // The bucket's clock is the daemon's, so URL expiry follows the tests' clock.advance().
    s3 = await startTestS3({ now: () => clock.now(), minPartSize: TEST_PART_SIZE });
    const secretEnv = `CLIPPER_TEST_S3_SECRET_${new URL(s3.endpoint).port}`;
    process.env[secretEnv] = s3.credentials.secretAccessKey;
    settings.object_store = {
      kind: 's3', endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', force_path_style: true,
      access_key_id: s3.credentials.accessKeyId, secret_access_key_env: secretEnv,
    };
  }
  const d = await startTestDaemon({ settings, clock });
  const stop = d.stop.bind(d);
  return Object.assign(d, {
    auth: `Key ${await d.apiKey()}`,
    kind,
    objectUrlPrefix: s3 ? `${s3.endpoint}/${s3.bucket}/uploads/` : `${d.url}/objects/uploads/`,
    s3,
    stop: async () => {
      await stop();
      await s3?.stop();
    },
  });
}

/**
 * What refused a PUT or GET of an object URL: the daemon's error envelope (disk), or S3's XML
 * error (bucket). Either way: the status and the error's code.
 */
export function refusal(r: RawResponse): { status: number; code: string | undefined } {
  const code = r.body?.error?.code ?? /<Code>([^<]+)<\/Code>/.exec(r.bytes.toString())?.[1];
  return { status: r.status, code };
}

/** How each store refuses a URL that expired, or a part PUT after its upload was cancelled or completed. */
export const REFUSED = {
  expired: { disk: { status: 403, code: 'FORBIDDEN' }, s3: { status: 403, code: 'AccessDenied' } },
  uploadGone: { disk: { status: 409, code: 'CONFLICT' }, s3: { status: 404, code: 'NoSuchUpload' } },
} as const;

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
export async function multipartUpload(d: UploadDaemon, source: Buffer, opts: { parts?: number[]; contentType?: string; fileName?: string } = {}) {
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

/**
 * A PUT that declares `contentLength` and sends only 64 KiB of body, over a raw socket (no
 * client would send it); the whole answer the server gives before it closes the connection.
 */
export function putDeclaringLength(url: string, contentLength: number, contentType = 'video/mp4'): Promise<string> {
  const u = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`PUT ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: ${contentType}\r\nContent-Length: ${contentLength}\r\n\r\n`);
      socket.write(Buffer.alloc(64 * 1024, 1));
    });
    let text = '';
    socket.on('data', (c) => (text += c.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** A single-PUT upload: the body of POST /v1/uploads without size_bytes. */
export const createSingleUpload = async (d: UploadDaemon, content_type = 'video/mp4') => (await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type } })).body;
/** GET /v1/uploads/:id's body. */
export const uploadStatus = async (d: UploadDaemon, id: string) => (await d.call('GET', `/v1/uploads/${id}`, { auth: d.auth })).body;
/** `url` with `change` made to it (a tampered signed URL). */
export function editUrl(url: string, change: (u: URL) => void): string {
  const u = new URL(url);
  change(u);
  return u.toString();
}
