import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../daemon/objects/object-store.js';
import { chunked, code, collect, md5, read } from './bodies.js';
import { multipartContract } from './multipart-contract.js';

/**
 * The one contract every ObjectStore passes (issue 3, item 1): the on-disk store now, an
 * S3-compatible store later. `factory` gives a fresh, empty store and a cleanup. Whole-object
 * cases are here, multipart ones in multipart-contract.ts; together they call every method of
 * the interface (daemon/objects/object-store.ts).
 */
export function objectStoreContract(name: string, factory: () => Promise<{ store: ObjectStore; cleanup(): Promise<void> }>) {
  describe(`ObjectStore contract: ${name}`, () => {
    let store: ObjectStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => ({ store, cleanup } = await factory()));
    afterEach(() => cleanup());

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

    it('describes each listed object fully, with the time it was written', async () => {
      const before = Date.now();
      await store.put('meta/a', Readable.from([Buffer.from('abc')]), { contentType: 'text/plain' });
      await store.put('meta/b', Readable.from([Buffer.from('defg')]));
      const listed = (await collect(store.list('meta/'))).sort((x, y) => x.key.localeCompare(y.key));
      expect(listed).toEqual([
        { key: 'meta/a', size: 3, etag: md5(Buffer.from('abc')), contentType: 'text/plain', modifiedAt: expect.any(Number) },
        { key: 'meta/b', size: 4, etag: md5(Buffer.from('defg')), contentType: 'application/octet-stream', modifiedAt: expect.any(Number) },
      ]);
      expect(await store.stat('meta/a')).toEqual(listed[0]);
      for (const o of listed) expect(Math.abs(o.modifiedAt - before)).toBeLessThan(60_000);
      expect(await collect(store.list('none/'))).toEqual([]);
    });

    it('forgets a deleted object for every read, and has no local path for a missing one', async () => {
      await store.put('gone/x', Readable.from([Buffer.from('bye')]));
      expect(await store.delete('gone/x')).toBe(true);
      expect(await store.stat('gone/x')).toBeUndefined();
      expect(await code(store.get('gone/x'))).toBe('NoSuchKey');
      expect(await store.localPath('gone/x')).toBeUndefined();
      expect(await store.delete('gone/x')).toBe(false);
      expect(await code(store.get('gone/x', { start: 0, end: 0 }))).toBe('NoSuchKey');
    });

    it('finds nothing to purge when every write finished or failed cleanly', async () => {
      await store.put('p/ok', Readable.from([Buffer.from('fine')]));
      expect(await code(store.put('p/bad', chunked(randomBytes(1 << 18), 1024, 10)))).toBe('client went away');
      expect(await code(store.put('p/big', chunked(randomBytes(100), 10), { maxSize: 50 }))).toBe('TooLarge');
      expect(await store.purgeIncomplete(0)).toBe(0);
      expect(await store.stat('p/ok')).toBeDefined();
    });

    multipartContract(() => store);
  });
}
