import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DiskObjectStore } from '../../daemon/objects/disk-store.js';
import { objectStoreContract } from './object-store-contract.js';

objectStoreContract('on-disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-objects-'));
  return { store: new DiskObjectStore(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('on-disk store specifics', () => {
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'clipper-objects-'));
    return { dir, store: new DiskObjectStore(dir) };
  };

  it('keeps writes in tmp/ until they are whole, and purges old leftovers of a crash', async () => {
    const { dir, store } = fresh();
    const stale = join(dir, 'tmp', 'crashed.obj');
    writeFileSync(stale, 'half');
    utimesSync(stale, new Date(Date.now() - 7200_000), new Date(Date.now() - 7200_000));
    writeFileSync(join(dir, 'tmp', 'inflight.obj'), 'now');
    expect(await store.purgeIncomplete(3600_000)).toBe(1);
    expect(readdirSync(join(dir, 'tmp'))).toEqual(['inflight.obj']);
    rmSync(dir, { recursive: true });
  });

  it('describes the data again when a crash left its metadata behind', async () => {
    const { dir, store } = fresh();
    await store.put('v/a', Readable.from([Buffer.from('one')]), { contentType: 'video/mp4' });
    // As if the daemon died after writing new metadata but before renaming the new data.
    writeFileSync(join(dir, 'data', 'v', '.a.meta'), JSON.stringify({ etag: 'ffff', size: 3, content_type: 'video/mp4', ino: 1 }));
    const st = await store.stat('v/a');
    expect(st).toMatchObject({ etag: createHash('md5').update('one').digest('hex'), size: 3, contentType: 'video/mp4' });
    rmSync(dir, { recursive: true });
  });

  it('prunes folders a delete leaves empty, and refuses a key that is also a folder', async () => {
    const { dir, store } = fresh();
    await store.put('x/y/z', Readable.from([Buffer.from('1')]));
    await expect(store.put('x/y', Readable.from([Buffer.from('2')]))).rejects.toMatchObject({ code: 'InvalidKey' });
    await store.delete('x/y/z');
    expect(existsSync(join(dir, 'data', 'x'))).toBe(false);
    rmSync(dir, { recursive: true });
  });
});
