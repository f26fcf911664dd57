import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { S3AuthError, verifyRequest, type S3Credentials } from './s3-auth.js';

/**
 * A local S3-protocol server for tests (issue 21, item 2: "Tests run against a local
 * S3-protocol server"). Not s3rver: its 3.7.1 accepts any SigV4 signature (its
 * authentication.js: "Signature version 4 calculation is unimplemented") and answers
 * MethodNotAllowed / NotImplemented to ListParts, AbortMultipartUpload and
 * ListMultipartUploads; its maintained fork needs Node 24. This one speaks the part of S3's REST
 * protocol the daemon uses, path-style, with S3's XML bodies and error codes: PutObject,
 * GetObject (Range), HeadObject, DeleteObject, ListObjectsV2, CreateBucket, and the multipart
 * calls Create/UploadPart/ListParts/Complete/Abort/ListMultipartUploads. Every request is
 * signature-checked (s3-auth.ts); GET honours If-Match. Bytes live in a temp dir; the index in memory.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  credentials: S3Credentials;
  /** Requests seen, for tests that check what went where. */
  requests: Array<{ method: string; path: string; query: string }>;
  /** Makes every object and multipart upload `ms` older (tests of what a cleanup leaves alone). */
  backdate(ms: number): void;
  stop(): Promise<void>;
}

interface Stored { file: string; size: number; etag: string; contentType: string; modified: number }
interface Multipart { bucket: string; key: string; contentType: string; initiated: number; parts: Map<number, Stored> }

/** S3's limits: 5 GB for one PUT or part, parts of 5 MiB but the last (tests may lower that). */
const MAX_PUT = 5 * 1024 ** 3;

class S3Error extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xml = (root: string, inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
const tag = (name: string, value: string | number) => `<${name}>${esc(String(value))}</${name}>`;
const iso = (ms: number) => new Date(ms).toISOString();

export async function startTestS3(opts: { now?: () => number; minPartSize?: number; bucket?: string } = {}): Promise<TestS3> {
  const now = opts.now ?? Date.now;
  const minPart = opts.minPartSize ?? 5 * 1024 * 1024;
  const bucket = opts.bucket ?? 'clipper-test';
  const credentials = { accessKeyId: 'AKIATESTCLIPPER', secretAccessKey: randomBytes(20).toString('base64') };
  const dir = mkdtempSync(join(tmpdir(), 'clipper-s3-'));
  const buckets = new Set([bucket]);
  const objects = new Map<string, Stored>();
  const uploads = new Map<string, Multipart>();
  const requests: TestS3['requests'] = [];

  /** Streams the body to a file, hashing it; refuses a body shorter than Content-Length. */
  async function receive(req: IncomingMessage, payloadHash: string): Promise<Omit<Stored, 'contentType' | 'modified'>> {
    const declared = req.headers['content-length'];
    if (declared === undefined) throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
    if (Number(declared) > MAX_PUT) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    if (/^STREAMING-/.test(payloadHash)) throw new S3Error(501, 'NotImplemented', 'aws-chunked bodies are not supported by this test server');
    const file = join(dir, randomBytes(12).toString('hex'));
    const md5 = createHash('md5');
    const sha = createHash('sha256');
    let size = 0;
    req.on('data', (c: Buffer) => {
      md5.update(c);
      sha.update(c);
      size += c.length;
    });
    try {
      await pipeline(req, createWriteStream(file));
      if (size !== Number(declared)) throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header');
      if (/^[0-9a-f]{64}$/.test(payloadHash) && sha.digest('hex') !== payloadHash) throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
    } catch (e) {
      await unlink(file).catch(() => undefined);
      throw e;
    }
    return { file, size, etag: md5.digest('hex') };
  }

  const drop = (s?: Stored) => s && void unlink(s.file).catch(() => undefined);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    requests.push({ method: req.method!, path: url.pathname, query: url.search });
    const payloadHash = await verifyRequest(req, url, credentials, now());
    const [, b, ...rest] = url.pathname.split('/');
    const name = decodeURIComponent(b ?? '');
    const key = rest.map(decodeURIComponent).join('/');
    const q = url.searchParams;
    const send = (status: number, body = '', headers: Record<string, string | number> = {}) => {
      res.writeHead(status, { ...(body ? { 'Content-Type': 'application/xml' } : {}), ...headers });
      res.end(body);
    };
    if (!key) {
      if (req.method === 'PUT') return void (buckets.add(name), send(200));
      if (!buckets.has(name)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (req.method === 'HEAD') return send(200);
      if (req.method === 'GET' && q.has('uploads')) {
        const list = [...uploads].filter(([, u]) => u.bucket === name && u.key.startsWith(q.get('prefix') ?? '')).map(([id, u]) => `<Upload>${tag('Key', u.key)}${tag('UploadId', id)}${tag('Initiated', iso(u.initiated))}</Upload>`);
        return send(200, xml('ListMultipartUploadsResult', `${tag('Bucket', name)}${tag('IsTruncated', 'false')}${list.join('')}`));
      }
      if (req.method === 'GET') {
        const prefix = q.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(`${name}/${prefix}`)).map((k) => k.slice(name.length + 1)).sort();
        const contents = keys.map((k) => {
          const o = objects.get(`${name}/${k}`)!;
          return `<Contents>${tag('Key', k)}${tag('LastModified', iso(o.modified))}${tag('ETag', `"${o.etag}"`)}${tag('Size', o.size)}${tag('StorageClass', 'STANDARD')}</Contents>`;
        });
        return send(200, xml('ListBucketResult', `${tag('Name', name)}${tag('Prefix', prefix)}${tag('KeyCount', keys.length)}${tag('MaxKeys', 1000)}${tag('IsTruncated', 'false')}${contents.join('')}`));
      }
      throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
    if (!buckets.has(name)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const uploadId = q.get('uploadId');
    const upload = () => {
      const u = uploadId ? uploads.get(uploadId) : undefined;
      if (!u || u.key !== key || u.bucket !== name) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
      return u;
    };
    /** Objects are indexed by bucket and key. */
    const full = `${name}/${key}`;
    if (req.method === 'POST' && q.has('uploads')) {
      const id = randomBytes(24).toString('base64url');
      uploads.set(id, { bucket: name, key, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), initiated: Date.now(), parts: new Map() });
      return send(200, xml('InitiateMultipartUploadResult', `${tag('Bucket', name)}${tag('Key', key)}${tag('UploadId', id)}`));
    }
    if (req.method === 'PUT' && uploadId) {
      const n = Number(q.get('partNumber'));
      upload();
      if (!(Number.isInteger(n) && n >= 1 && n <= 10_000)) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      const got = await receive(req, payloadHash);
      const u = uploads.get(uploadId);
      if (!u) throw (drop({ ...got, contentType: '', modified: 0 }), new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.'));
      drop(u.parts.get(n));
      u.parts.set(n, { ...got, contentType: '', modified: Date.now() });
      return send(200, '', { ETag: `"${got.etag}"` });
    }
    if (req.method === 'GET' && uploadId) {
      const u = upload();
      const parts = [...u.parts].sort(([a], [b]) => a - b).map(([n, p]) => `<Part>${tag('PartNumber', n)}${tag('LastModified', iso(p.modified))}${tag('ETag', `"${p.etag}"`)}${tag('Size', p.size)}</Part>`);
      return send(200, xml('ListPartsResult', `${tag('Bucket', name)}${tag('Key', key)}${tag('UploadId', uploadId)}${tag('IsTruncated', 'false')}${parts.join('')}`));
    }
    if (req.method === 'POST' && uploadId) {
      const u = upload();
      let text = '';
      for await (const c of req) text += c;
      const listed = [...text.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({ n: Number(/<PartNumber>(\d+)</.exec(m[1])?.[1]), etag: (/<ETag>([^<]*)</.exec(m[1])?.[1] ?? '').replace(/&quot;/g, '"').replace(/"/g, '') }));
      if (!listed.length || listed.some((p, i) => i > 0 && p.n <= listed[i - 1].n)) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order of the part number.');
      const parts = listed.map((p, i) => {
        const stored = u.parts.get(p.n);
        if (!stored || stored.etag !== p.etag) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part\'s entity tag.');
        if (i < listed.length - 1 && stored.size < minPart) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
        return stored;
      });
      const file = join(dir, randomBytes(12).toString('hex'));
      const out = createWriteStream(file);
      for (const p of parts) for await (const c of createReadStream(p.file)) if (!out.write(c)) await once(out, 'drain');
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
      const etag = `${createHash('md5').update(Buffer.concat(parts.map((p) => Buffer.from(p.etag, 'hex')))).digest('hex')}-${parts.length}`;
      drop(objects.get(full));
      objects.set(full, { file, size: parts.reduce((s, p) => s + p.size, 0), etag, contentType: u.contentType, modified: Date.now() });
      for (const p of u.parts.values()) drop(p);
      uploads.delete(uploadId!);
      return send(200, xml('CompleteMultipartUploadResult', `${tag('Location', url.href.split('?')[0])}${tag('Bucket', name)}${tag('Key', key)}${tag('ETag', `"${etag}"`)}`));
    }
    if (req.method === 'DELETE' && uploadId) {
      const u = upload();
      for (const p of u.parts.values()) drop(p);
      uploads.delete(uploadId);
      return send(204);
    }
    if (req.method === 'PUT') {
      const got = await receive(req, payloadHash);
      drop(objects.get(full));
      objects.set(full, { ...got, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), modified: Date.now() });
      return send(200, '', { ETag: `"${got.etag}"` });
    }
    if (req.method === 'DELETE') {
      drop(objects.get(full));
      objects.delete(full);
      return send(204);
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const o = objects.get(full);
      if (!o) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const ifMatch = req.headers['if-match'];
      if (ifMatch && ifMatch !== '*' && ifMatch.replace(/"/g, '') !== o.etag) throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      const headers: Record<string, string | number> = { 'Content-Type': o.contentType, ETag: `"${o.etag}"`, 'Last-Modified': new Date(o.modified).toUTCString(), 'Accept-Ranges': 'bytes' };
      const m = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let start = 0;
      let end = o.size - 1;
      if (m) {
        start = m[1] === '' ? Math.max(0, o.size - Number(m[2])) : Number(m[1]);
        end = m[1] !== '' && m[2] !== '' ? Math.min(Number(m[2]), o.size - 1) : o.size - 1;
        if (start >= o.size || start > end) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
        headers['Content-Range'] = `bytes ${start}-${end}/${o.size}`;
      }
      headers['Content-Length'] = o.size === 0 ? 0 : end - start + 1;
      res.writeHead(m ? 206 : 200, headers);
      if (req.method === 'HEAD' || o.size === 0) return void res.end();
      return await pipeline(createReadStream(o.file, { start, end }), res);
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      const known = e instanceof S3Error || e instanceof S3AuthError;
      const status = known ? e.status : 500;
      if (res.headersSent) return void res.destroy();
      // An answer before the body was read: close, as S3 does, rather than read it.
      if (!req.readableEnded) res.setHeader('Connection', 'close');
      const body = req.method === 'HEAD' ? '' : xml('Error', `${tag('Code', known ? e.code : 'InternalError')}${tag('Message', known ? e.message : String(e))}${tag('RequestId', randomBytes(8).toString('hex'))}`);
      res.writeHead(status, body ? { 'Content-Type': 'application/xml' } : {});
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials,
    requests,
    backdate(ms) {
      for (const o of objects.values()) o.modified -= ms;
      for (const u of uploads.values()) u.initiated -= ms;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
