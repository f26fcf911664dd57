import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipperClient } from '../../src/client/client.js';
import { uploadFile } from '../../src/client/uploader.js';
import { startUploadDaemon, TEST_PART_SIZE, type UploadDaemon } from '../uploads/helpers.js';
import { fakeStages } from './helpers/doubles.js';

// A clip job on a daemon whose objects live in an S3 bucket (issue 21, item 2): the client
// library uploads straight to the bucket (one PUT, and in parts), the job's stages read the
// source from a local copy (daemon/objects/local-copies.ts), previews go into the bucket and are
// served by presigned GET URLs.
let d: UploadDaemon;
let client: ClipperClient;
const dir = mkdtempSync(join(tmpdir(), 'clipper-s3job-'));

beforeAll(async () => {
  d = await startUploadDaemon('s3');
  d.app.stages.current = fakeStages();
  client = new ClipperClient({ baseUrl: d.url, apiKey: await d.apiKey() });
});
afterAll(() => d.stop());

async function clip(file: string, opts: { multipartThreshold?: number } = {}) {
  const up = await uploadFile(client, file, { fileName: 'talk.mp4', ...opts });
  const r = await d.call('POST', '/v1/clips', { auth: d.auth, body: { source: { upload_id: up.upload_id } } });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  await d.processAll();
  return { up, job: await d.app.clipJobs.view(d.rootTeamId, r.body.job_id) };
}

describe('a clip job with its objects in a bucket', () => {
  it('takes a single-PUT upload to done, with previews behind presigned GET URLs of the bucket', async () => {
    const file = join(dir, 'talk.mp4');
    writeFileSync(file, 'FAKEVIDEO 30\n');
    const { up, job } = await clip(file);
    expect(up.multipart).toBe(false);
    expect(job).toMatchObject({ status: 'done', folder_name: 'talk.mp4' });
    expect(job.clips!.length).toBeGreaterThan(0);
    for (const c of job.clips!) {
      expect(c.preview_url!.startsWith(`${d.s3!.endpoint}/${d.s3!.bucket}/`)).toBe(true);
      const r = await request(c.preview_url!);
      expect(r.statusCode).toBe(200);
      expect(await r.body.text()).toMatch(/^preview /);
    }
    // The stages read one local copy of the source; no spool file of a write is left behind.
    expect(readdirSync(join(d.dataDir, 'tmp', 'objects', 'copies')).filter((f) => f !== 'tmp')).toHaveLength(1);
    expect(readdirSync(join(d.dataDir, 'tmp', 'objects', 'spool'))).toEqual([]);
    expect(existsSync(join(d.dataDir, 'objects', 'data'))).toBe(false);
  });

  it('ends a job in error, naming why, when its single PUT URL was used again after the job was created', async () => {
    const up = await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'video/mp4' } });
    expect((await request(up.body.upload_url, { method: 'PUT', body: 'FAKEVIDEO 30\n', headers: { 'content-type': 'video/mp4' } })).statusCode).toBe(200);
    const r = await d.call('POST', '/v1/clips', { auth: d.auth, body: { source: { upload_id: up.body.upload_id } } });
    expect(r.status).toBe(202);
    // The URL is still within its hour: a bucket takes the PUT (state-table.test.ts, S3_PUT).
    expect((await request(up.body.upload_url, { method: 'PUT', body: 'FAKEVIDEO 99\n', headers: { 'content-type': 'video/mp4' } })).statusCode).toBe(200);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, r.body.job_id);
    expect(job).toMatchObject({ status: 'error', error: expect.stringMatching(/^The uploaded file was replaced after this job was created/) });
  });

  it('takes a multipart upload, its parts PUT to the bucket by the client library, to done', async () => {
    const file = join(dir, 'long.mp4');
    writeFileSync(file, Buffer.concat([Buffer.from('FAKEVIDEO 40\n'), randomBytes(3 * TEST_PART_SIZE)]));
    const { up, job } = await clip(file, { multipartThreshold: TEST_PART_SIZE });
    expect(up.multipart).toBe(true);
    expect(up.parts_sent).toBe(4);
    expect(job.status).toBe('done');
    const view = await d.call('GET', `/v1/uploads/${up.upload_id}`, { auth: d.auth });
    expect(view.body).toMatchObject({ status: 'complete', size_bytes: 13 + 3 * TEST_PART_SIZE });
  });
});
