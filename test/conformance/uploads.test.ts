import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload, startUploadDaemon, STORE_KINDS, type UploadDaemon, TEST_PART_SIZE } from '../uploads/helpers.js';

// Conformance of the upload endpoints (spec "Upload", "POST /v1/uploads", "States and
// transitions: Upload"; DESIGN.md's re-sign, cancel and read endpoints). See AUDIT-A.md.
let d: UploadDaemon;

const HOUR = 3_600_000;
const complete = (id: string, body: unknown, auth = d.auth) => d.call('POST', `/v1/uploads/${id}/complete`, { auth, body });
const withoutId = (body: any, id: string) => JSON.parse(JSON.stringify(body).split(id).join('<id>'));

// Each suite runs once per object store: the daemon's disk store, and an S3 bucket (issue 21, item 2).
describe.each(STORE_KINDS)('%s object store', (kind) => {
  beforeAll(async () => {
    d = await startUploadDaemon(kind);
  });
  afterAll(() => d.stop());

  describe('POST /v1/uploads', () => {
    it('multipart: exactly upload_id, expires_at (Unix ms, 4 hours), part_size and parts of {part_number, upload_url}', async () => {
      const r = await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'video/mp4', size_bytes: 2 * TEST_PART_SIZE + 1 } });
      expect(r.status).toBe(201);
      expect(Object.keys(r.body).sort()).toEqual(['expires_at', 'part_size', 'parts', 'upload_id']);
      expect(r.body.expires_at).toBe(d.clock.now() + 4 * HOUR);
      expect(r.body.part_size).toBe(TEST_PART_SIZE);
      expect(r.body.parts).toHaveLength(3);
      for (const p of r.body.parts) {
        expect(Object.keys(p).sort()).toEqual(['part_number', 'upload_url']);
        expect(typeof p.upload_url).toBe('string');
      }
    });

    it('accepts size_bytes of exactly 10,000,000,000 in at most 100 parts that cover it', async () => {
      const size = 10_000_000_000;
      const r = await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'application/octet-stream', size_bytes: size } });
      expect(r.status).toBe(201);
      const count = r.body.parts.length;
      expect(count).toBeLessThanOrEqual(100);
      expect(r.body.parts.map((p: any) => p.part_number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(r.body.part_size * count).toBeGreaterThanOrEqual(size);
      expect(r.body.part_size * (count - 1)).toBeLessThan(size);
      expect((await d.call('DELETE', `/v1/uploads/${r.body.upload_id}`, { auth: d.auth })).status).toBe(200);
    });
  });

  describe('POST /v1/clips with an upload', () => {
    it('refuses a multipart upload with 409 until complete succeeds, then accepts it once', async () => {
      const up = await multipartUpload(d, randomBytes(2 * TEST_PART_SIZE));
      const start = () => d.call('POST', '/v1/clips', { auth: d.auth, body: { source: { upload_id: up.upload_id } } });
      const early = await start();
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('CONFLICT');
      expect((await complete(up.upload_id, up.completeBody())).status).toBe(200);
      expect((await start()).status).toBe(202);
      expect((await start()).status).toBe(409);
    });
  });

  describe('POST /v1/uploads/:id/complete', () => {
    it('is harmless to repeat while the first call is still assembling: every call answers 200 complete', async () => {
      const up = await multipartUpload(d, randomBytes(3 * TEST_PART_SIZE + 5));
      const answers = await Promise.all([0, 1, 2].map(() => complete(up.upload_id, up.completeBody())));
      for (const r of answers) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toEqual({ upload_id: up.upload_id, status: 'complete' });
      }
    });

    it('refuses an unknown field inside a part, like everywhere else in a body (400, nothing changes)', async () => {
      const up = await multipartUpload(d, randomBytes(TEST_PART_SIZE));
      const body = { parts: up.completeBody().parts.map((p) => ({ ...p, size: TEST_PART_SIZE })) };
      const r = await complete(up.upload_id, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body.status).toBe('pending');
    });
  });

  describe('GET /v1/uploads/:id (DESIGN.md extension)', () => {
    it('shows exactly the fields DESIGN.md lists', async () => {
      const up = await multipartUpload(d, randomBytes(2 * TEST_PART_SIZE), { parts: [2], fileName: 'a.mp4' });
      const r = await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth });
      expect(Object.keys(r.body).sort()).toEqual(['content_type', 'expires_at', 'file_name', 'part_size', 'parts_received', 'size_bytes', 'status', 'upload_id']);
      expect(r.body.parts_received).toEqual([{ part_number: 2, etag: up.etags.get(2), size: TEST_PART_SIZE }]);
    });
  });

  describe("another team's upload", () => {
    it('looks exactly like an unknown id on every upload endpoint, whatever the body', async () => {
      const up = await multipartUpload(d, randomBytes(TEST_PART_SIZE), { parts: [] });
      const intruder = `Key ${await d.apiKey(await d.createTeam('intruder'))}`;
      const calls: Array<[string, string, unknown]> = [
        ['GET', '', undefined],
        ['DELETE', '', undefined],
        ['POST', '/parts', { part_numbers: [1] }],
        ['POST', '/parts', { part_numbers: [7] }],
        ['POST', '/complete', up.completeBody()],
        ['POST', '/complete', { parts: [] }],
      ];
      for (const [method, suffix, body] of calls) {
        const theirs = await d.call(method, `/v1/uploads/${up.upload_id}${suffix}`, { auth: intruder, body });
        const unknown = await d.call(method, `/v1/uploads/upl_none${suffix}`, { auth: intruder, body });
        expect(theirs.status, `${method} ${suffix}`).toBe(unknown.status);
        expect(withoutId(theirs.body, up.upload_id)).toEqual(withoutId(unknown.body, 'upl_none'));
      }
      const claim = await d.call('POST', '/v1/clips', { auth: intruder, body: { source: { upload_id: up.upload_id } } });
      expect(claim.status).toBe(404);
      expect((await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth })).body.status).toBe('pending');
    });
  });
});
