import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalCopies } from '../../daemon/objects/local-copies.js';
import { s3Client } from '../../daemon/objects/s3-client.js';
import { S3ObjectStore } from '../../daemon/objects/s3-store.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { md5, read } from './bodies.js';
import { objectStoreContract } from './object-store-contract.js';

// Issue 21, item 2: the one object-store contract, run against an S3-compatible bucket on a
// local S3-protocol server (test/helpers/s3-server.ts), each case in a fresh bucket.
let server: Promise<TestS3> | undefined;
let buckets = 0;
afterAll(async () => await (await server)?.stop());

async function freshStore(): Promise<{ store: S3ObjectStore; tmp: string; s3: TestS3 }> {
  // The contract's multipart cases use 64 KiB parts; S3's own minimum is 5 MiB.
  const s3 = await (server ??= startTestS3({ minPartSize: 1 }));
  const bucket = `contract-${++buckets}`;
  const settings = { endpoint: s3.endpoint, bucket, region: 'us-east-1', ...s3.credentials, forcePathStyle: true };
  const client = s3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const tmp = mkdtempSync(join(tmpdir(), 'clipper-s3store-'));
  return { store: new S3ObjectStore(client, bucket, tmp, s3Client(settings, { retries: false })), tmp, s3 };
}

objectStoreContract('S3-compatible bucket', async () => {
  const { store, tmp } = await freshStore();
  return { store, cleanup: async () => rmSync(tmp, { recursive: true, force: true }) };
});

describe('S3 store specifics', () => {
  it('gives the media stages a local copy, made once per version of the object', async () => {
    const { store, tmp, s3 } = await freshStore();
    await store.put('src/a.mp4', Readable.from([Buffer.from('first version')]), { contentType: 'video/mp4' });
    const first = (await store.localPath('src/a.mp4'))!;
    const gets = () => s3.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/src/a.mp4')).length;
    const before = gets();
    expect(await store.localPath('src/a.mp4')).toBe(first);
    expect(gets()).toBe(before); // the second call reads the copy, not the bucket
    await store.put('src/a.mp4', Readable.from([Buffer.from('second version')]));
    const second = (await store.localPath('src/a.mp4'))!;
    expect(second).not.toBe(first);
    expect(md5(await read((await import('node:fs')).createReadStream(second)))).toBe(md5(Buffer.from('second version')));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('makes a copy with one HeadObject, of the bytes of the version it names (If-Match)', async () => {
    const { store, tmp, s3 } = await freshStore();
    await store.put('src/b.mp4', Readable.from([Buffer.from('the bytes')]), { contentType: 'video/mp4' });
    const heads = () => s3.requests.filter((r) => r.method === 'HEAD' && r.path.endsWith('/src/b.mp4')).length;
    const before = heads();
    const file = (await store.localPath('src/b.mp4'))!;
    expect(heads() - before).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('the bytes');
    rmSync(tmp, { recursive: true, force: true });
  });

  it('leaves no copy under its final name when a download dies midway, and purges old copies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clipper-copies-'));
    const copies = new LocalCopies(dir);
    const failing = async () => Readable.from((async function* () {
      yield Buffer.alloc(1000);
      throw new Error('connection reset');
    })());
    await expect(copies.path('k', 'e1', failing)).rejects.toThrow('connection reset');
    expect(readdirSync(dir)).toEqual(['tmp']);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    const file = await copies.path('k', 'e1', async () => Readable.from([Buffer.from('whole')]));
    expect(readFileSync(file, 'utf8')).toBe('whole');
    expect(await copies.purge(Date.now() - 60_000)).toBe(0);
    expect(existsSync(file)).toBe(true);
    await copies.purge(Date.now() + 1);
    expect(existsSync(file)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the bytes of the object it described (If-Match): a replacement in between is an error, not a mix', async () => {
    const { store, tmp, s3 } = await freshStore();
    await store.put('v', Readable.from([Buffer.from('one')]));
    const stat = store.stat.bind(store);
    // As if another process replaced the object between the description and the read.
    store.stat = async (key) => {
      const described = await stat(key);
      await store.put('v', Readable.from([Buffer.from('two')]));
      return described;
    };
    await expect(store.get('v')).rejects.toThrow(/PreconditionFailed/);
    expect(s3.requests.some((r) => r.method === 'GET')).toBe(true);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('completes a multipart upload reading its record once', async () => {
    const { store, tmp, s3 } = await freshStore();
    const id = await store.createMultipart('mp/y', { partSize: 4 });
    const p1 = await store.putPart('mp/y', id, 1, Readable.from([Buffer.from('abcd')]));
    const p2 = await store.putPart('mp/y', id, 2, Readable.from([Buffer.from('ef')]));
    const recordGets = () => s3.requests.filter((r) => r.method === 'GET' && r.path.includes('/.multipart/')).length;
    const before = recordGets();
    expect(await store.completeMultipart('mp/y', id, [{ partNumber: 1, etag: p1.etag }, { partNumber: 2, etag: p2.etag }])).toMatchObject({ size: 6 });
    expect(recordGets() - before).toBe(1);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps the multipart records out of listings', async () => {
    const { store, tmp } = await freshStore();
    await store.createMultipart('mp/x', { partSize: 10 });
    const keys: string[] = [];
    for await (const o of store.list('')) keys.push(o.key);
    expect(keys).toEqual([]);
    rmSync(tmp, { recursive: true, force: true });
  });
});
