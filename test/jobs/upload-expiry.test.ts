import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

// Spec "POST /v1/clips": "409 CONFLICT: the upload is not complete, has expired, or already feeds
// another job"; DESIGN.md: an upload_id is valid while its stored object exists, until the nightly
// cleanup after a day unused. These tests make uploads that WERE usable expire with the manual
// clock, then ask through the HTTP API.

let d: TestDaemon;
let auth: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, uploads: { min_part_size: 64 * 1024 } } });
  auth = `Key ${await d.apiKey()}`;
});
afterAll(() => d.stop());

const createJob = (uploadId: string) => d.call('POST', '/v1/clips', { auth, body: { source: { upload_id: uploadId } } });
const jobCount = () => d.app.db.prepare('SELECT COUNT(*) FROM clip_jobs').pluck().get() as number;

async function completeSingle(): Promise<string> {
  const u = await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4', file_name: 'talk.mp4' } });
  const put = await request(u.body.upload_url, { method: 'PUT', body: 'not really a video', headers: { 'content-type': 'video/mp4' } });
  await put.body.text();
  expect(put.statusCode).toBe(200);
  expect((await d.call('GET', `/v1/uploads/${u.body.upload_id}`, { auth })).body.status).toBe('complete');
  return u.body.upload_id;
}

async function completeMultipart(): Promise<string> {
  const size = 100 * 1024;
  const u = await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4', size_bytes: size } });
  const parts = [];
  for (const p of u.body.parts as Array<{ part_number: number; upload_url: string }>) {
    const length = Math.min(u.body.part_size, size - (p.part_number - 1) * u.body.part_size);
    const res = await request(p.upload_url, { method: 'PUT', body: Buffer.alloc(length, p.part_number), headers: { 'content-type': 'video/mp4' } });
    await res.body.text();
    parts.push({ part_number: p.part_number, etag: String(res.headers.etag) });
  }
  const done = await d.call('POST', `/v1/uploads/${u.body.upload_id}/complete`, { auth, body: { parts } });
  expect(done.body).toEqual({ upload_id: u.body.upload_id, status: 'complete' });
  return u.body.upload_id;
}

describe('an upload that was complete, then expired, is a 409 naming the expiry', () => {
  it.each([
    ['a single PUT', completeSingle],
    ['a completed multipart upload', completeMultipart],
  ])('%s left unused past the nightly cleanup', async (_, make) => {
    const uploadId = await make();
    const before = jobCount();
    // A day and more passes with no job made from it; the nightly cleanup runs on the daemon's clock.
    d.clock.advance(25 * HOUR);
    await d.processAll();
    expect((await d.call('GET', `/v1/uploads/${uploadId}`, { auth })).body.status).toBe('expired');

    const r = await createJob(uploadId);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/expired: no clip job used it within a day/),
      details: { upload_id: uploadId, status: 'expired', expired: true, expired_at: expect.any(Number) },
    });
    expect(jobCount()).toBe(before);
  });

  it('a pending upload whose URL ran out says so too', async () => {
    const u = await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } });
    const early = await createJob(u.body.upload_id);
    expect(early.body.error.details).toMatchObject({ status: 'pending' });
    d.clock.advance(2 * HOUR);
    const late = await createJob(u.body.upload_id);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ message: expect.stringMatching(/expired: its upload URLs ran out/), details: { status: 'expired', expired: true } });
  });
});
