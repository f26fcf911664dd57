import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partSizeFor, MiB } from '../../daemon/resources/uploads/policy.js';
import { md5, multipartUpload, putObject, readObject, REFUSED, refusal, startUploadDaemon, STORE_KINDS, type UploadDaemon, TEST_PART_SIZE } from './helpers.js';

let d: UploadDaemon;

const HOUR = 3600_000;
const expectError = (r: { status: number; body: any }, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ error: { code, message: expect.any(String) } });
};

// Each suite runs once per object store: the daemon's disk store, and an S3 bucket (issue 21, item 2).
describe.each(STORE_KINDS)('%s object store', (kind) => {
  beforeAll(async () => {
    d = await startUploadDaemon(kind);
  });
  afterAll(() => d.stop());

  describe('POST /v1/uploads', () => {
    it.each([
      ['no content_type', { size_bytes: 10 }, 'content_type'],
      ['a non-video content_type', { content_type: 'image/png' }, 'content_type'],
      ['a content_type that is not a MIME type', { content_type: 'video' }, 'content_type'],
      ['size_bytes of 0', { content_type: 'video/mp4', size_bytes: 0 }, 'size_bytes'],
      ['a negative size_bytes', { content_type: 'video/mp4', size_bytes: -5 }, 'size_bytes'],
      ['a fractional size_bytes', { content_type: 'video/mp4', size_bytes: 10.5 }, 'size_bytes'],
      ['size_bytes over 10,000,000,000', { content_type: 'video/mp4', size_bytes: 10_000_000_001 }, 'size_bytes'],
      ['size_bytes as a string', { content_type: 'video/mp4', size_bytes: '100' }, 'size_bytes'],
      ['an empty file_name', { content_type: 'video/mp4', file_name: ' ' }, 'file_name'],
      ['an unknown field', { content_type: 'video/mp4', bucket: 'x' }, null],
    ])('answers 400 BAD_REQUEST for %s', async (_name, body, field) => {
      const r = await d.call('POST', '/v1/uploads', { auth: d.auth, body });
      expectError(r, 400, 'BAD_REQUEST');
      expect(r.body.error.details.field).toBe(field);
    });

    it('needs a credential', async () => {
      expectError(await d.call('POST', '/v1/uploads', { body: { content_type: 'video/mp4' } }), 401, 'UNAUTHORIZED');
    });

    it('creates a single-PUT upload without size_bytes: one URL valid for an hour', async () => {
      const r = await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'application/octet-stream', file_name: 'talk.mp4' } });
      expect(r.status).toBe(201);
      expect(Object.keys(r.body).sort()).toEqual(['expires_at', 'upload_id', 'upload_url']);
      expect(r.body.expires_at).toBe(d.clock.now() + HOUR);
      expect(r.body.upload_url.startsWith(d.objectUrlPrefix)).toBe(true);
      expect(r.body.upload_id).not.toContain('-');
    });

    it('creates a multipart upload with size_bytes: part_size and one 4-hour URL per part', async () => {
      const size = 10 * TEST_PART_SIZE + 1;
      const r = await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'video/quicktime', size_bytes: size } });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ part_size: TEST_PART_SIZE, expires_at: d.clock.now() + 4 * HOUR });
      expect(r.body.parts.map((p: any) => p.part_number)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
      expect(new Set(r.body.parts.map((p: any) => p.upload_url)).size).toBe(11);
    });

    it('sizes parts as DESIGN.md says: max(5 MiB, ceil(size / 100)) rounded up to a whole MiB', () => {
      expect(partSizeFor(1)).toBe(5 * MiB);
      expect(partSizeFor(500 * MiB)).toBe(5 * MiB);
      expect(partSizeFor(500 * MiB + 1)).toBe(6 * MiB);
      expect(partSizeFor(2_000_000_000)).toBe(20 * MiB);
      expect(partSizeFor(10_000_000_000)).toBe(96 * MiB);
      for (const size of [1, 5 * MiB, 777_777_777, 10_000_000_000]) expect(Math.ceil(size / partSizeFor(size))).toBeLessThanOrEqual(100);
    });
  });

  describe('a multipart upload from parts to complete', () => {
    it('stores exactly the source bytes: MD5 of the assembled object equals the source', async () => {
      const source = randomBytes(5 * TEST_PART_SIZE + 4321);
      const up = await multipartUpload(d, source, { fileName: 'keynote.mov' });
      for (const [n, etag] of up.etags) expect(etag).toBe(`"${md5(up.slice(n))}"`);
      const view = await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth });
      expect(view.body).toMatchObject({ status: 'pending', file_name: 'keynote.mov', content_type: 'video/mp4', size_bytes: source.length, part_size: TEST_PART_SIZE });
      expect(view.body.parts_received).toHaveLength(6);
      const done = await d.call('POST', `/v1/uploads/${up.upload_id}/complete`, { auth: d.auth, body: up.completeBody() });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ upload_id: up.upload_id, status: 'complete' });
      const key = await d.app.uploads.objectKeyOf(d.rootTeamId, up.upload_id);
      expect(md5(await readObject(d, key))).toBe(md5(source));
      // Repeating complete is harmless.
      expect((await d.call('POST', `/v1/uploads/${up.upload_id}/complete`, { auth: d.auth, body: up.completeBody() })).body).toEqual(done.body);
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body.status).toBe('complete');
    });

    it('answers 400 naming every part when none has been PUT yet (what the client\'s resume re-PUTs)', async () => {
      const up = await multipartUpload(d, randomBytes(2 * TEST_PART_SIZE + 10), { parts: [] });
      const none = await d.call('POST', `/v1/uploads/${up.upload_id}/complete`, { auth: d.auth, body: up.completeBody() });
      expectError(none, 400, 'BAD_REQUEST');
      expect(none.body.error.details).toMatchObject({ not_received: [1, 2, 3] });
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body.status).toBe('pending');
    });

    it('answers 400 for a missing part or a bad etag, and completes after the part is re-PUT', async () => {
      const source = randomBytes(3 * TEST_PART_SIZE + 10);
      const up = await multipartUpload(d, source, { parts: [1, 2, 4] });
      const path = `/v1/uploads/${up.upload_id}/complete`;
      const missing = await d.call('POST', path, { auth: d.auth, body: up.completeBody() });
      expectError(missing, 400, 'BAD_REQUEST');
      expect(missing.body.error.details).toMatchObject({ not_received: [3] });
      const listMissing = await d.call('POST', path, { auth: d.auth, body: { parts: up.completeBody().parts.filter((p) => p.part_number !== 2) } });
      expect(listMissing.body.error.details).toMatchObject({ missing: [2] });
      const twice = await d.call('POST', path, { auth: d.auth, body: { parts: [...up.completeBody().parts, up.completeBody().parts[0]] } });
      expect(twice.body.error.details).toMatchObject({ duplicate: [1] });
      const outside = await d.call('POST', path, { auth: d.auth, body: { parts: [...up.completeBody().parts, { part_number: 5, etag: '"x"' }] } });
      expect(outside.body.error.details).toMatchObject({ out_of_range: [5] });
      // Re-sign part 3 (its URL expired), PUT it, then a wrong etag for part 1 is still refused.
      d.clock.advance(5 * HOUR);
      const stale = await putObject(up.parts[2].upload_url, up.slice(3));
      expect(refusal(stale)).toEqual(REFUSED.expired[kind]);
      const resigned = await d.call('POST', `/v1/uploads/${up.upload_id}/parts`, { auth: d.auth, body: { part_numbers: [3] } });
      expect(resigned.body).toMatchObject({ upload_id: up.upload_id, expires_at: d.clock.now() + 4 * HOUR, parts: [{ part_number: 3 }] });
      const put3 = await putObject(resigned.body.parts[0].upload_url, up.slice(3));
      expect(put3.status).toBe(200);
      up.etags.set(3, String(put3.headers.etag));
      const badEtag = up.completeBody();
      badEtag.parts[0].etag = `"${md5(Buffer.from('other'))}"`;
      const mismatch = await d.call('POST', path, { auth: d.auth, body: badEtag });
      expectError(mismatch, 400, 'BAD_REQUEST');
      expect(mismatch.body.error.details).toMatchObject({ etag_mismatch: [1] });
      expect((await d.call('POST', path, { auth: d.auth, body: up.completeBody() })).status).toBe(200);
      expect(md5(await readObject(d, await d.app.uploads.objectKeyOf(d.rootTeamId, up.upload_id)))).toBe(md5(source));
    });

    it('answers 409 when the store no longer has the multipart upload and the object is not its parts joined; the row stays pending', async () => {
      const up = await multipartUpload(d, randomBytes(2 * TEST_PART_SIZE + 10));
      const row = (await d.app.store.uploads.get(up.upload_id))!;
      await d.app.objects.abortMultipart(row.object_key, row.multipart_id!);
      const gone = await d.call('POST', `/v1/uploads/${up.upload_id}/complete`, { auth: d.auth, body: up.completeBody() });
      expectError(gone, 409, 'CONFLICT');
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body.status).toBe('pending');
    });

    it('re-signs 1 to 100 part numbers, each within the upload', async () => {
      const up = await multipartUpload(d, randomBytes(3 * TEST_PART_SIZE), { parts: [] });
      const resign = (part_numbers: unknown) => d.call('POST', `/v1/uploads/${up.upload_id}/parts`, { auth: d.auth, body: { part_numbers } });
      for (const bad of [[], [0], [4], [1, 4], [1.5], Array.from({ length: 101 }, () => 1), 'all']) expectError(await resign(bad), 400, 'BAD_REQUEST');
      const ok = await resign([3, 1, 3]);
      expect(ok.status).toBe(200);
      expect(ok.body.parts.map((p: any) => p.part_number)).toEqual([1, 3]);
      expect((await resign(Array.from({ length: 100 }, () => 2))).status).toBe(200);
    });
  });

  describe('cancel and lookup', () => {
    it('cancels a pending upload (parts discarded); a second cancel is harmless; later PUTs and complete are refused', async () => {
      const up = await multipartUpload(d, randomBytes(2 * TEST_PART_SIZE), { parts: [1] });
      const u = (await d.app.store.uploads.get(up.upload_id))!;
      const first = await d.call('DELETE', `/v1/uploads/${up.upload_id}`, { auth: d.auth });
      expect(first.body).toEqual({ upload_id: up.upload_id, status: 'aborted' });
      expect((await d.call('DELETE', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body).toEqual(first.body);
      await expect(d.app.objects.listParts(u.object_key, u.multipart_id!)).rejects.toMatchObject({ code: 'NoSuchUpload' });
      expect(refusal(await putObject(up.parts[1].upload_url, up.slice(2)))).toEqual(REFUSED.uploadGone[kind]);
      expectError(await d.call('POST', `/v1/uploads/${up.upload_id}/complete`, { auth: d.auth, body: up.completeBody() }), 409, 'CONFLICT');
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body).toMatchObject({ status: 'aborted', parts_received: [] });
    });

    it('answers 404 for an unknown id and for another team\'s upload, on every endpoint', async () => {
      const up = await multipartUpload(d, randomBytes(TEST_PART_SIZE), { parts: [] });
      const other = `Key ${await d.apiKey(await d.createTeam())}`;
      for (const [auth, id] of [[d.auth, 'upl_unknown'], [other, up.upload_id]]) {
        expectError(await d.call('GET', `/v1/uploads/${id}`, { auth }), 404, 'NOT_FOUND');
        expectError(await d.call('POST', `/v1/uploads/${id}/parts`, { auth, body: { part_numbers: [1] } }), 404, 'NOT_FOUND');
        expectError(await d.call('POST', `/v1/uploads/${id}/complete`, { auth, body: { parts: [{ part_number: 1, etag: '"x"' }] } }), 404, 'NOT_FOUND');
        expectError(await d.call('DELETE', `/v1/uploads/${id}`, { auth }), 404, 'NOT_FOUND');
      }
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body.status).toBe('pending');
    });
  });
});
