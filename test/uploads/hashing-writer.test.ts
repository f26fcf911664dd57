import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamToFile } from '../../daemon/objects/disk-files.js';
import { HASH_THREAD_IDLE, hashWriteThreads } from '../../daemon/objects/hashing-writer.js';

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const dir = () => mkdtempSync(join(tmpdir(), 'clipper-hw-'));

/** Yields `data` in chunks of odd sizes, so batches never line up with them. */
async function* chunks(data: Buffer, size = 70_001, failAfter?: number) {
  for (let off = 0; off < data.length; off += size) {
    if (failAfter !== undefined && off >= failAfter) throw new Error('client went away');
    yield data.subarray(off, off + size);
  }
}

describe('streamToFile on the hash-write threads', () => {
  it('writes every byte in order and returns their MD5, across many batches and parallel files', async () => {
    const d = dir();
    const bodies = [randomBytes(3_500_000), randomBytes(1), randomBytes(2_097_152), Buffer.alloc(0)];
    const results = await Promise.all(bodies.map((b, i) => streamToFile(chunks(b), join(d, `f${i}`), { expectedSize: b.length })));
    bodies.forEach((b, i) => {
      expect(results[i]).toEqual({ size: b.length, etag: md5(b) });
      expect(md5(readFileSync(join(d, `f${i}`)))).toBe(md5(b));
    });
  });

  it('writes at an offset of an existing file without touching the bytes around it', async () => {
    const path = join(dir(), 'data');
    writeFileSync(path, Buffer.alloc(3_000_000, 0x61));
    const part = randomBytes(1_000_000);
    const r = await streamToFile(chunks(part), path, {}, { start: 1_000_000 });
    expect(r.etag).toBe(md5(part));
    const all = readFileSync(path);
    expect(all.length).toBe(3_000_000);
    expect(md5(all.subarray(1_000_000, 2_000_000))).toBe(md5(part));
    expect(all[999_999]).toBe(0x61);
    expect(all[2_000_000]).toBe(0x61);
  });

  it('passes on a body that fails mid-way, a body over its limit, and a file that cannot be opened', async () => {
    const d = dir();
    const data = randomBytes(2_000_000);
    await expect(streamToFile(chunks(data, 100_000, 1_500_000), join(d, 'a'), {})).rejects.toThrow('client went away');
    await expect(streamToFile(chunks(data), join(d, 'b'), { maxSize: 1_000_000 })).rejects.toMatchObject({ code: 'TooLarge' });
    await expect(streamToFile(chunks(data), join(d, 'c'), { expectedSize: 2_000_001 })).rejects.toMatchObject({ code: 'SizeMismatch' });
    await expect(streamToFile(chunks(data), join(d, 'missing', 'x'), {})).rejects.toMatchObject({ code: 'ENOENT' });
    // The threads are still usable afterwards.
    expect((await streamToFile(chunks(data), join(d, 'e'), {})).etag).toBe(md5(data));
  });

  it('ends its threads once idle, and starts them again for the next file', async () => {
    HASH_THREAD_IDLE.ms = 50;
    try {
      const d = dir();
      const data = randomBytes(1_500_000);
      expect((await streamToFile(chunks(data), join(d, 'a'), {})).etag).toBe(md5(data));
      expect(hashWriteThreads()).toBeGreaterThan(0);
      for (let i = 0; i < 200 && hashWriteThreads() > 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(hashWriteThreads()).toBe(0);
      expect((await streamToFile(chunks(data), join(d, 'b'), {})).etag).toBe(md5(data));
      expect(md5(readFileSync(join(d, 'b')))).toBe(md5(data));
    } finally {
      HASH_THREAD_IDLE.ms = 5_000;
    }
  });
});
