import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../daemon/objects/object-store.js';
import { chunked, code, collect, md5, read } from './bodies.js';

// Contract cases of multipart uploads: parts in any order and in parallel, completion checks,
// part limits, abort, listing and purging. `h()` is the running case's store.

export function multipartContract(h: () => ObjectStore) {
  describe('multipart', () => {
    const partSize = 64 * 1024;
    const source = randomBytes(partSize * 3 + 1234);
    const part = (n: number) => source.subarray((n - 1) * partSize, n * partSize);

    it('assembles parts sent out of order and in parallel into exactly the source bytes', async () => {
      const store = h();
      const id = await store.createMultipart('mp/obj', { partSize, contentType: 'video/mp4' });
      const etags = await Promise.all([4, 2, 3, 1].map(async (n) => [n, (await store.putPart('mp/obj', id, n, chunked(part(n), 4096), { expectedSize: part(n).length })).etag] as const));
      for (const [n, etag] of etags) expect(etag).toBe(md5(part(n)));
      expect(await store.listParts('mp/obj', id)).toEqual([1, 2, 3, 4].map((n) => ({ partNumber: n, etag: md5(part(n)), size: part(n).length })));
      const parts = [1, 2, 3, 4].map((n) => ({ partNumber: n, etag: `"${md5(part(n))}"` }));
      const done = await store.completeMultipart('mp/obj', id, parts);
      expect(done.size).toBe(source.length);
      expect(md5(await read(await store.get('mp/obj')))).toBe(md5(source));
      expect(await store.stat('mp/obj')).toMatchObject({ size: source.length, etag: done.etag, contentType: 'video/mp4' });
      expect(await store.completeMultipart('mp/obj', id, parts)).toEqual(done);
      expect(await code(store.listParts('mp/obj', id))).toBe('NoSuchUpload');
    });

    it('refuses a bad completion with a clear reason and completes once it is fixed', async () => {
      const store = h();
      const id = await store.createMultipart('mp/fix', { partSize });
      for (const n of [1, 2, 4]) await store.putPart('mp/fix', id, n, chunked(part(n)));
      const good = (n: number) => ({ partNumber: n, etag: md5(part(n)) });
      const failure = (p: Promise<unknown>) => p.then(() => undefined, (e) => ({ code: e.code, ...e.details }));
      expect(await failure(store.completeMultipart('mp/fix', id, [1, 2, 3, 4].map(good)))).toMatchObject({ code: 'InvalidPart', part_number: 3, reason: 'missing' });
      expect(await failure(store.completeMultipart('mp/fix', id, [good(1), good(3), good(2), good(4)]))).toMatchObject({ code: 'InvalidPartOrder' });
      expect(await failure(store.completeMultipart('mp/fix', id, []))).toMatchObject({ code: 'InvalidPartOrder' });
      await store.putPart('mp/fix', id, 3, chunked(Buffer.from('short')));
      expect(await failure(store.completeMultipart('mp/fix', id, [good(1), good(2), { partNumber: 3, etag: md5(Buffer.from('short')) }, good(4)]))).toMatchObject({ reason: 'size', part_number: 3 });
      await store.putPart('mp/fix', id, 3, chunked(part(3)));
      expect(await failure(store.completeMultipart('mp/fix', id, [good(1), good(2), { partNumber: 3, etag: md5(Buffer.from('short')) }, good(4)]))).toMatchObject({ reason: 'etag_mismatch' });
      await store.completeMultipart('mp/fix', id, [1, 2, 3, 4].map(good));
      expect(md5(await read(await store.get('mp/fix')))).toBe(md5(source));
    });

    it('refuses a part over partSize or of the wrong declared size, and does not record it', async () => {
      const store = h();
      const id = await store.createMultipart('mp/size', { partSize });
      expect(await code(store.putPart('mp/size', id, 1, chunked(randomBytes(partSize + 1))))).toBe('TooLarge');
      expect(await code(store.putPart('mp/size', id, 1, chunked(part(1)), { expectedSize: partSize - 1 }))).toBe('SizeMismatch');
      expect(await code(store.putPart('mp/size', id, 2, chunked(part(2), 1024, 3)))).toBe('client went away');
      expect(await store.listParts('mp/size', id)).toEqual([]);
    });

    it('aborts: parts discarded, later parts refused, a second abort harmless', async () => {
      const store = h();
      const id = await store.createMultipart('mp/abort', { partSize });
      await store.putPart('mp/abort', id, 1, chunked(part(1)));
      const open = async () => {
        const ids: string[] = [];
        for await (const m of store.listMultipart()) ids.push(m.multipartId);
        return ids;
      };
      expect(await open()).toContain(id);
      await store.abortMultipart('mp/abort', id);
      await store.abortMultipart('mp/abort', id);
      expect(await open()).not.toContain(id);
      expect(await code(store.putPart('mp/abort', id, 2, chunked(part(2))))).toBe('NoSuchUpload');
      expect(await code(store.completeMultipart('mp/abort', id, [{ partNumber: 1, etag: md5(part(1)) }]))).toBe('NoSuchUpload');
      expect(await store.stat('mp/abort')).toBeUndefined();
      expect(await code(store.putPart('mp/abort', 'unknownid', 1, chunked(part(1))))).toBe('NoSuchUpload');
    });

    it('leaves finished objects and open uploads alone when purging leftovers', async () => {
      const store = h();
      await store.put('keep', Readable.from([Buffer.from('x')]));
      const id = await store.createMultipart('mp/open', { partSize });
      await store.putPart('mp/open', id, 1, chunked(part(1)));
      await store.purgeIncomplete(0);
      expect(await store.stat('keep')).toBeDefined();
      expect(await store.listParts('mp/open', id)).toHaveLength(1);
    });

    it('replaces a part sent again, and etags the object as the MD5 of the part MD5s, dash N', async () => {
      const store = h();
      const id = await store.createMultipart('mp/etag', { partSize });
      await store.putPart('mp/etag', id, 1, chunked(Buffer.alloc(partSize, 1)));
      expect(await store.putPart('mp/etag', id, 1, chunked(part(1)))).toEqual({ size: partSize, etag: md5(part(1)) });
      await store.putPart('mp/etag', id, 2, chunked(part(2)));
      expect(await store.listParts('mp/etag', id)).toEqual([1, 2].map((n) => ({ partNumber: n, etag: md5(part(n)), size: partSize })));
      const done = await store.completeMultipart('mp/etag', id, [1, 2].map((n) => ({ partNumber: n, etag: md5(part(n)) })));
      const s3Etag = `${createHash('md5').update(Buffer.concat([part(1), part(2)].map((p) => Buffer.from(md5(p), 'hex')))).digest('hex')}-2`;
      expect(done).toEqual({ size: 2 * partSize, etag: s3Etag });
      expect(await store.stat('mp/etag')).toMatchObject({ etag: s3Etag, contentType: 'application/octet-stream' });
      expect(await read(await store.get('mp/etag'))).toEqual(source.subarray(0, 2 * partSize));
    });

    it('lists uploads in progress with their key and start time, until completed', async () => {
      const store = h();
      const before = Date.now();
      const id = await store.createMultipart('mp/listed', { partSize });
      const open = (await collect(store.listMultipart())).filter((m) => m.multipartId === id);
      expect(open).toEqual([{ key: 'mp/listed', multipartId: id, initiatedAt: expect.any(Number) }]);
      expect(Math.abs(open[0].initiatedAt - before)).toBeLessThan(60_000);
      await store.putPart('mp/listed', id, 1, chunked(Buffer.from('last and only')));
      await store.completeMultipart('mp/listed', id, [{ partNumber: 1, etag: md5(Buffer.from('last and only')) }]);
      expect((await collect(store.listMultipart())).map((m) => m.multipartId)).not.toContain(id);
    });

    it('refuses an invalid key, and answers NoSuchUpload for an unknown upload', async () => {
      const store = h();
      expect(await code(store.createMultipart('../x', { partSize }))).toBe('InvalidKey');
      expect(await code(store.listParts('mp/none', 'unknownid'))).toBe('NoSuchUpload');
      expect(await code(store.completeMultipart('mp/none', 'unknownid', [{ partNumber: 1, etag: md5(part(1)) }]))).toBe('NoSuchUpload');
    });
  });
}
