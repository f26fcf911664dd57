import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSingleUpload, editUrl as edit, md5, multipartUpload, objectRequest, putDeclaringLength, putObject, startUploadDaemon, TEST_PART_SIZE, type UploadDaemon, uploadStatus } from './helpers.js';

let d: UploadDaemon;
beforeAll(async () => {
  d = await startUploadDaemon();
});
afterAll(() => d.stop());

const createSingle = (content_type = 'video/mp4') => createSingleUpload(d, content_type);
const status = (id: string) => uploadStatus(d, id);
const expect403 = (r: { status: number; body: any }, reason: string) => {
  expect(r.status).toBe(403);
  expect(r.body).toMatchObject({ error: { code: 'FORBIDDEN', message: expect.any(String), details: { reason } } });
};
/** Nothing half-written anywhere: no temporary files left in the store. */
const tmpFiles = () => readdirSync(join(d.dataDir, 'objects', 'tmp'));

describe('single PUT through a signed URL', () => {
  it('needs no Authorization header, answers ETag = quoted MD5, and counts no request rate', async () => {
    const up = await createSingle();
    const body = randomBytes(200_000);
    const r = await putObject(up.upload_url, body);
    expect(r.status).toBe(200);
    expect(r.headers.etag).toBe(`"${md5(body)}"`);
    expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    expect(await status(up.upload_id)).toMatchObject({ status: 'complete', size_bytes: body.length, content_type: 'video/mp4' });
  });

  it.each([
    ['a changed signature', (u: URL) => u.searchParams.set('signature', u.searchParams.get('signature')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))],
    ['a later expiry', (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600_000))],
    ['another upload id', (u: URL) => u.searchParams.set('uploadId', 'upl_other')],
    ['an added parameter', (u: URL) => u.searchParams.set('partNumber', '1')],
    ['another path', (u: URL) => (u.pathname = u.pathname + 'x')],
  ])('refuses %s with 403 and writes nothing', async (_name, change) => {
    const up = await createSingle();
    expect403(await putObject(edit(up.upload_url, change), randomBytes(1000)), 'signature_mismatch');
    expect(await status(up.upload_id)).toMatchObject({ status: 'pending', size_bytes: null });
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses an unsigned URL, a GET with a PUT URL and a Content-Type other than the declared one', async () => {
    const up = await createSingle('video/quicktime');
    expect403(await putObject(edit(up.upload_url, (u) => u.searchParams.delete('signature')), randomBytes(10)), 'unsigned');
    expect403(await objectRequest('GET', up.upload_url), 'signature_mismatch');
    expect403(await putObject(up.upload_url, randomBytes(10), 'video/mp4'), 'signature_mismatch');
    expect403(await objectRequest('PUT', up.upload_url, { body: randomBytes(10) }), 'signature_mismatch');
    expect((await status(up.upload_id)).status).toBe('pending');
    // The media type decides; case and parameters do not.
    expect((await putObject(up.upload_url, randomBytes(10), 'Video/QuickTime; codecs="avc1"')).status).toBe(200);
  });

  it('refuses the URL once its hour is over (by the daemon clock), and the upload expires', async () => {
    const up = await createSingle();
    d.clock.advance(3600_000 - 1);
    const early = await createSingle();
    d.clock.advance(1);
    expect403(await putObject(up.upload_url, randomBytes(10)), 'expired');
    expect((await status(up.upload_id)).status).toBe('expired');
    expect((await putObject(early.upload_url, randomBytes(10))).status).toBe(200);
  });

  it('refuses a declared Content-Length over 5 GB before reading the body', async () => {
    const up = await createSingle();
    const answer = await putDeclaringLength(up.upload_url, 5000000001);
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('"BAD_REQUEST"');
    expect(answer.toLowerCase()).toContain('connection: close');
    expect((await status(up.upload_id)).status).toBe('pending');
  });

  it('keeps nothing when the client goes away before its declared length', async () => {
    const up = await createSingle();
    const u = new URL(up.upload_url);
    const waitFor = async (cond: () => boolean) => {
      for (let i = 0; i < 250 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(cond()).toBe(true);
    };
    const socket = connect(Number(u.port), u.hostname);
    socket.on('error', () => {});
    socket.write(`PUT ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: video/mp4\r\nContent-Length: 100000\r\n\r\n`);
    socket.write(randomBytes(5000));
    await waitFor(() => tmpFiles().length === 1); // the body is arriving
    socket.destroy();
    await waitFor(() => tmpFiles().length === 0);
    expect((await status(up.upload_id)).status).toBe('pending');
    expect(await d.app.objects.stat(await d.app.uploads.objectKeyOf(d.rootTeamId, up.upload_id))).toBeUndefined();
  });
});

describe('multipart PUTs', () => {
  it('refuses a part of the wrong length, declared or streamed, and does not record it', async () => {
    const source = randomBytes(2 * TEST_PART_SIZE + 100);
    const up = await multipartUpload(d, source, { parts: [] });
    const short = await putObject(up.parts[0].upload_url, up.slice(1).subarray(1));
    expect(short.status).toBe(400);
    expect(short.body.error.details).toMatchObject({ part_number: 1, expected_bytes: TEST_PART_SIZE });
    const long = await putObject(up.parts[2].upload_url, Buffer.concat([up.slice(3), Buffer.from('x')]));
    expect(long.body.error.details).toMatchObject({ part_number: 3, expected_bytes: 100 });
    // Chunked transfer (no Content-Length): checked while streaming.
    async function* chunks(b: Buffer) {
      for (let i = 0; i < b.length; i += 4096) yield b.subarray(i, i + 4096);
    }
    for (const body of [Buffer.concat([up.slice(2), Buffer.alloc(10)]), up.slice(2).subarray(0, 1000)]) {
      const res = await request(up.parts[1].upload_url, { method: 'PUT', body: Readable.from(chunks(body)), headers: { 'content-type': 'video/mp4' } });
      expect(res.statusCode).toBe(400);
      expect(await res.body.json()).toMatchObject({ error: { code: 'BAD_REQUEST', details: { expected_bytes: TEST_PART_SIZE } } });
    }
    expect((await status(up.upload_id)).parts_received).toEqual([]);
    expect(tmpFiles()).toEqual([]);
    const ok = await request(up.parts[1].upload_url, { method: 'PUT', body: Readable.from(chunks(up.slice(2))), headers: { 'content-type': 'video/mp4' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe(`"${md5(up.slice(2))}"`);
    await ok.body.dump();
  });
});

describe('signed GET URLs', () => {
  let url: string;
  let data: Buffer;
  beforeAll(async () => {
    data = randomBytes(100_000);
    const up = await createSingle();
    await putObject(up.upload_url, data);
    url = d.app.objectUrls.signGet(await d.app.uploads.objectKeyOf(d.rootTeamId, up.upload_id), 3600_000);
  });

  it('serves the whole object with its type, length and ETag, to HEAD as well', async () => {
    const r = await objectRequest('GET', url);
    expect(r.status).toBe(200);
    expect(r.bytes.equals(data)).toBe(true);
    expect(r.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': '100000', 'accept-ranges': 'bytes', etag: `"${md5(data)}"` });
    const head = await objectRequest('HEAD', url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('100000');
    expect(head.bytes.length).toBe(0);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=99990-', 99990, 99999],
    ['bytes=-10', 99990, 99999],
    ['bytes=50000-200000', 50000, 99999],
  ])('serves Range %s as 206', async (range, start, end) => {
    const r = await objectRequest('GET', url, { headers: { range } });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes ${start}-${end}/100000`);
    expect(r.bytes.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 to a range past the end, and the whole object to several ranges', async () => {
    const r = await objectRequest('GET', url, { headers: { range: 'bytes=100000-' } });
    expect(r.status).toBe(416);
    expect(r.headers['content-range']).toBe('bytes */100000');
    expect((await objectRequest('GET', url, { headers: { range: 'bytes=0-1,5-6' } })).status).toBe(200);
  });

  it('refuses tampered and expired GET URLs with 403, and is never rate limited', async () => {
    expect403(await objectRequest('GET', edit(url, (u) => (u.pathname = u.pathname.replace('uploads/', 'uploads/x')))), 'signature_mismatch');
    expect403(await objectRequest('PUT', url, { body: Buffer.from('x'), contentType: 'video/mp4' }), 'signature_mismatch');
    for (let i = 0; i < 70; i++) expect((await objectRequest('HEAD', url)).status).toBe(200);
    d.clock.advance(3600_000);
    expect403(await objectRequest('GET', url), 'expired');
  });
});
