import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../daemon/objects/object-store.js';

/**
 * The one contract every ObjectStore passes (issue 3, item 1): the on-disk store now, an
 * S3-compatible store later. `factory` gives a fresh, empty store and a cleanup.
 */
export function objectStoreContract(name: string, factory: () => Promise<{ store: ObjectStore; cleanup(): Promise<void> }>) {
  describe(`ObjectStore contract: ${name}`, () => {
    let store: ObjectStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => ({ store, cleanup } = await factory()));
    afterEach(() => cleanup());

    const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
    const read = async (s: AsyncIterable<Uint8Array>) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks);
    };
    /** A body produced chunk by chunk, optionally failing after `failAfter` chunks. */
    async function* chunked(data: Buffer, chunk = 64 * 1024, failAfter?: number) {
      for (let i = 0, n = 0; i < data.length; i += chunk, n++) {
        if (failAfter !== undefined && n >= failAfter) throw new Error('client went away');
        yield data.subarray(i, i + chunk);
      }
    }
    const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e) => e.code ?? e.message);

    it('stores a streamed body and gives back its bytes, size, MD5 etag and content type', async () => {
      const data = randomBytes(3 * 1024 * 1024 + 17);
      const put = await store.put('a/b/video.mp4', chunked(data), { contentType: 'video/mp4' });
      expect(put).toEqual({ size: data.length, etag: md5(data) });
      expect(await store.stat('a/b/video.mp4')).toMatchObject({ key: 'a/b/video.mp4', size: data.length, etag: md5(data), contentType: 'video/mp4' });
      expect(md5(await read(await store.get('a/b/video.mp4')))).toBe(md5(data));
      const path = await store.localPath('a/b/video.mp4');
      if (path !== undefined) expect(md5(await readFile(path))).toBe(md5(data));
    });

    it('replaces an object on a second put, and stores an empty body', async () => {
      await store.put('k', Readable.from([Buffer.from('first')]));
      await store.put('k', Readable.from([Buffer.from('second!')]));
      expect((await read(await store.get('k'))).toString()).toBe('second!');
      expect(await store.put('empty', Readable.from([]))).toEqual({ size: 0, etag: md5(Buffer.alloc(0)) });
      expect((await read(await store.get('empty'))).length).toBe(0);
    });

    it('serves inclusive byte ranges and refuses ranges outside the object', async () => {
      const data = randomBytes(1000);
      await store.put('r', chunked(data, 100));
      expect(await read(await store.get('r', { start: 10, end: 19 }))).toEqual(data.subarray(10, 20));
      expect(await read(await store.get('r', { start: 999, end: 999 }))).toEqual(data.subarray(999));
      expect(await code(store.get('r', { start: 5, end: 1000 }))).toBe('InvalidRange');
      expect(await code(store.get('r', { start: 6, end: 5 }))).toBe('InvalidRange');
    });

    it('answers for missing objects without throwing where it need not', async () => {
      expect(await store.stat('nope')).toBeUndefined();
      expect(await code(store.get('nope'))).toBe('NoSuchKey');
      expect(await store.delete('nope')).toBe(false);
    });

    it.each(['', '/a', 'a/', 'a//b', '../x', 'a/../b', '.hidden', 'a/.b', 'a b', 'a\\b', 'x'.repeat(513)])('refuses the key %j', async (key) => {
      expect(await code(store.put(key, Readable.from([Buffer.from('x')])))).toBe('InvalidKey');
      expect(await code(store.stat(key))).toBe('InvalidKey');
    });

    it('refuses a body of the wrong declared size or over the limit, keeping the previous object', async () => {
      await store.put('s', Readable.from([Buffer.from('keep me')]));
      expect(await code(store.put('s', chunked(randomBytes(100), 10), { expectedSize: 99 }))).toBe('SizeMismatch');
      expect(await code(store.put('s', chunked(randomBytes(100), 10), { expectedSize: 101 }))).toBe('SizeMismatch');
      expect(await code(store.put('s', chunked(randomBytes(100), 10), { maxSize: 50 }))).toBe('TooLarge');
      expect(await code(store.put('t', chunked(randomBytes(100), 10), { maxSize: 50 }))).toBe('TooLarge');
      expect((await read(await store.get('s'))).toString()).toBe('keep me');
      expect(await store.stat('t')).toBeUndefined();
    });

    it('never shows a half-written object when the body fails midway', async () => {
      await store.put('h', Readable.from([Buffer.from('old')]));
      expect(await code(store.put('h', chunked(randomBytes(1 << 20), 1024, 100)))).toBe('client went away');
      expect(await code(store.put('h2', chunked(randomBytes(1 << 20), 1024, 100)))).toBe('client went away');
      expect((await read(await store.get('h'))).toString()).toBe('old');
      expect(await store.stat('h2')).toBeUndefined();
    });

    it('lists objects by prefix and forgets deleted ones', async () => {
      for (const k of ['uploads/t1/a', 'uploads/t1/b', 'uploads/t2/c', 'previews/x']) await store.put(k, Readable.from([Buffer.from(k)]));
      const keys = async (p: string) => {
        const out: string[] = [];
        for await (const o of store.list(p)) out.push(o.key);
        return out.sort();
      };
      expect(await keys('uploads/')).toEqual(['uploads/t1/a', 'uploads/t1/b', 'uploads/t2/c']);
      expect(await keys('uploads/t1')).toEqual(['uploads/t1/a', 'uploads/t1/b']);
      expect(await store.delete('uploads/t1/a')).toBe(true);
      expect(await keys('uploads/')).toEqual(['uploads/t1/b', 'uploads/t2/c']);
      expect(await keys('')).toEqual(['previews/x', 'uploads/t1/b', 'uploads/t2/c']);
    });

    describe('multipart', () => {
      const partSize = 64 * 1024;
      const source = randomBytes(partSize * 3 + 1234);
      const part = (n: number) => source.subarray((n - 1) * partSize, n * partSize);

      it('assembles parts sent out of order and in parallel into exactly the source bytes', async () => {
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
        const id = await store.createMultipart('mp/size', { partSize });
        expect(await code(store.putPart('mp/size', id, 1, chunked(randomBytes(partSize + 1))))).toBe('TooLarge');
        expect(await code(store.putPart('mp/size', id, 1, chunked(part(1)), { expectedSize: partSize - 1 }))).toBe('SizeMismatch');
        expect(await code(store.putPart('mp/size', id, 2, chunked(part(2), 1024, 3)))).toBe('client went away');
        expect(await store.listParts('mp/size', id)).toEqual([]);
      });

      it('aborts: parts discarded, later parts refused, a second abort harmless', async () => {
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
        await store.put('keep', Readable.from([Buffer.from('x')]));
        const id = await store.createMultipart('mp/open', { partSize });
        await store.putPart('mp/open', id, 1, chunked(part(1)));
        await store.purgeIncomplete(0);
        expect(await store.stat('keep')).toBeDefined();
        expect(await store.listParts('mp/open', id)).toHaveLength(1);
      });
    });
  });
}
