import { randomBytes } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../daemon/config.js';
import { s3Client } from '../../daemon/objects/s3-client.js';
import { createSingleUpload, editUrl as edit, md5, multipartUpload, objectRequest, putDeclaringLength, putObject, refusal, startUploadDaemon, TEST_PART_SIZE, type UploadDaemon, uploadStatus } from './helpers.js';

// What the bucket's presigned URLs enforce by themselves, and what the daemon checks when it
// next looks (issue 21, item 2; daemon/objects/s3-links.ts and resources/uploads/direct.ts).
// The same rules for the daemon's own URLs are in object-urls.test.ts.
let d: UploadDaemon;
beforeAll(async () => {
  d = await startUploadDaemon('s3');
});
afterAll(() => d.stop());

const createSingle = (content_type = 'video/mp4') => createSingleUpload(d, content_type);
const status = (id: string) => uploadStatus(d, id);

describe('presigned PUT URLs of the bucket', () => {
  it('take the file with no Authorization header; the upload is complete the first time the daemon looks', async () => {
    const up = await createSingle();
    expect(up.upload_url.startsWith(d.objectUrlPrefix)).toBe(true);
    const body = randomBytes(150_000);
    const r = await putObject(up.upload_url, body);
    expect(r.status).toBe(200);
    expect(r.headers.etag).toBe(`"${md5(body)}"`);
    expect(await status(up.upload_id)).toMatchObject({ status: 'complete', size_bytes: body.length, content_type: 'video/mp4' });
  });

  it.each([
    ['a changed signature', (u: URL) => u.searchParams.set('X-Amz-Signature', '0'.repeat(64)), 'SignatureDoesNotMatch'],
    ['a later expiry', (u: URL) => u.searchParams.set('X-Amz-Expires', '604800'), 'SignatureDoesNotMatch'],
    ['another key', (u: URL) => (u.pathname = u.pathname + 'x'), 'SignatureDoesNotMatch'],
    ['another access key', (u: URL) => u.searchParams.set('X-Amz-Credential', u.searchParams.get('X-Amz-Credential')!.replace(/^[^/]+/, 'AKIAOTHER')), 'InvalidAccessKeyId'],
  ])('are refused with %s, and nothing is stored', async (_name, change, code) => {
    const up = await createSingle();
    expect(refusal(await putObject(edit(up.upload_url, change), randomBytes(1000)))).toEqual({ status: 403, code });
    expect(await status(up.upload_id)).toMatchObject({ status: 'pending', size_bytes: null });
  });

  it('sign the Content-Type: the bucket refuses any other (spec: "object storage rejects a mismatch")', async () => {
    const up = await createSingle('video/quicktime');
    expect(refusal(await putObject(up.upload_url, randomBytes(10), 'video/mp4'))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(refusal(await objectRequest('PUT', up.upload_url, { body: randomBytes(10) }))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(refusal(await objectRequest('GET', up.upload_url))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((await status(up.upload_id)).status).toBe('pending');
    expect((await putObject(up.upload_url, randomBytes(10), 'video/quicktime')).status).toBe(200);
  });

  it('stop at the end of their hour by the daemon clock, and the upload expires', async () => {
    const up = await createSingle();
    d.clock.advance(3600_000);
    expect(refusal(await putObject(up.upload_url, randomBytes(10)))).toEqual({ status: 403, code: 'AccessDenied' });
    expect((await status(up.upload_id)).status).toBe('expired');
  });

  it('refuse a declared length over 5 GB before the body (S3: EntityTooLarge)', async () => {
    const up = await createSingle();
    const answer = await putDeclaringLength(up.upload_url, 5368709121);
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('<Code>EntityTooLarge</Code>');
    expect((await status(up.upload_id)).status).toBe('pending');
  });

  it('sign each part\'s length: a part of another length is refused at PUT and never listed', async () => {
    const source = randomBytes(2 * TEST_PART_SIZE + 100);
    const up = await multipartUpload(d, source, { parts: [] });
    expect(refusal(await putObject(up.parts[0].upload_url, up.slice(1).subarray(1)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(refusal(await putObject(up.parts[2].upload_url, Buffer.concat([up.slice(3), Buffer.from('x')])))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((await status(up.upload_id)).parts_received).toEqual([]);
    const ok = await putObject(up.parts[1].upload_url, up.slice(2));
    expect(ok.status).toBe(200);
    expect((await status(up.upload_id)).parts_received).toEqual([{ part_number: 2, etag: `"${md5(up.slice(2))}"`, size: TEST_PART_SIZE }]);
  });

  it('leave nothing usable when a file of another type reaches the key by other means', async () => {
    const up = await createSingle('video/mp4');
    const key = await d.app.uploads.objectKeyOf(d.rootTeamId, up.upload_id);
    const client = s3Client({ endpoint: d.s3!.endpoint, bucket: d.s3!.bucket, region: 'us-east-1', ...d.s3!.credentials, forcePathStyle: true });
    await client.send(new PutObjectCommand({ Bucket: d.s3!.bucket, Key: key, Body: 'not a video', ContentType: 'text/html' }));
    expect((await status(up.upload_id)).status).toBe('pending');
    expect(await d.app.objects.stat(key)).toBeUndefined();
  });
});

describe('presigned GET URLs of the bucket', () => {
  it('serve the object with its type and byte ranges, and stop after their lifetime', async () => {
    const data = randomBytes(100_000);
    const up = await createSingle();
    await putObject(up.upload_url, data);
    const url = d.app.objectUrls.signGet(await d.app.uploads.objectKeyOf(d.rootTeamId, up.upload_id), 3600_000);
    const whole = await objectRequest('GET', url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(data)).toBe(true);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const part = await objectRequest('GET', url, { headers: { range: 'bytes=99990-' } });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(data.subarray(99990))).toBe(true);
    d.clock.advance(3600_000);
    expect(refusal(await objectRequest('GET', url))).toEqual({ status: 403, code: 'AccessDenied' });
  });
});

describe('object_store settings', () => {
  const load = (object_store: Record<string, unknown>, env: NodeJS.ProcessEnv) => () => loadConfig({ dataDir: '/nonexistent-clipper', settings: { object_store } }, env);
  it('need a bucket and credentials, and never print the secret', () => {
    expect(load({ kind: 's3' }, {})).toThrow(/object_store.bucket is not set/);
    expect(load({ kind: 's3', bucket: 'b' }, {})).toThrow(/AWS_ACCESS_KEY_ID/);
    expect(load({ kind: 's3', bucket: 'b' }, { AWS_ACCESS_KEY_ID: 'AKIA1' })).toThrow(/environment variable AWS_SECRET_ACCESS_KEY/);
    expect(load({ kind: 's3', bucket: 'b', endpoint: 'minio:9000' }, { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 's3cr3t' })).toThrow(/must be an http\(s\) URL/);
    const ok = load({ kind: 's3', bucket: 'b', secret_access_key_env: 'MY_SECRET' }, { AWS_ACCESS_KEY_ID: 'AKIA1', MY_SECRET: 's3cr3t' })();
    expect(ok.object_store).toMatchObject({ kind: 's3', bucket: 'b', region: 'us-east-1', force_path_style: false });
    expect(JSON.stringify(ok)).not.toContain('s3cr3t');
  });

  it('stop a daemon whose bucket cannot be reached, naming the bucket but not the secret', async () => {
    const { startTestDaemon } = await import('../helpers/daemon.js');
    process.env.CLIPPER_TEST_WRONG_SECRET = 'wrong-secret-value';
    const start = startTestDaemon({ settings: { object_store: { kind: 's3', endpoint: d.s3!.endpoint, bucket: 'no-such-bucket', access_key_id: d.s3!.credentials.accessKeyId, secret_access_key_env: 'CLIPPER_TEST_WRONG_SECRET', force_path_style: true } } });
    const err = await start.then(() => undefined, (e: Error) => e);
    expect(err?.message).toMatch(/bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used/);
    expect(err?.message).not.toContain('wrong-secret-value');
  });
});
