import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { isMissing, md5OfFile, readJson, removeOlderThan, removeQuietly, streamToFile, tempPath, writeJsonAtomic } from './disk-files.js';
import { DiskMultipart } from './disk-multipart.js';
import {
  assertValidKey,
  ObjectStoreError,
  withinMs,
  type BodySource,
  type ByteRange,
  type MultipartRef,
  type ObjectStore,
  type PartRecord,
  type PutOptions,
  type PutResult,
  type StoredObject,
} from './object-store.js';

/** What the store keeps beside each object; `ino` ties it to the data file it describes. */
export interface ObjectMeta {
  etag: string;
  size: number;
  content_type: string;
  ino: number;
  multipart_id?: string;
}

/**
 * The on-disk object store of the local daemon, under `<dataDir>/objects`:
 * `data/<key>` holds the bytes and `data/<folder>/.<name>.meta` its etag and content type
 * (keys never start a segment with a dot, so the two cannot collide); `multipart/<id>/` holds
 * uploads in progress; `tmp/` holds writes in flight, renamed into place when done.
 */
export class DiskObjectStore implements ObjectStore {
  private readonly dataRoot: string;
  private readonly tmpDir: string;
  private readonly multipart: DiskMultipart;

  constructor(readonly root: string) {
    this.dataRoot = join(root, 'data');
    this.tmpDir = join(root, 'tmp');
    for (const d of [this.dataRoot, this.tmpDir, join(root, 'multipart')]) mkdirSync(d, { recursive: true });
    this.multipart = new DiskMultipart(join(root, 'multipart'), this.tmpDir, {
      commit: (key, file, meta) => this.commit(key, file, meta),
      metaOf: (key) => readJson<ObjectMeta>(this.metaPath(key)),
    });
  }

  /** A stat of the data folder (a hung disk or mount does not answer). */
  async ping(timeoutMs = 2000): Promise<void> {
    await withinMs(stat(this.dataRoot), timeoutMs, 'stat');
  }

  private dataPath(key: string): string {
    assertValidKey(key);
    return join(this.dataRoot, ...key.split('/'));
  }

  private metaPath(key: string): string {
    const data = this.dataPath(key);
    return join(dirname(data), `.${basename(data)}.meta`);
  }

  async put(key: string, body: BodySource, opts: PutOptions = {}): Promise<PutResult> {
    this.dataPath(key);
    const tmp = tempPath(this.tmpDir, 'obj');
    try {
      const result = await streamToFile(body, tmp, opts);
      await this.commit(key, tmp, { etag: result.etag, size: result.size, content_type: opts.contentType ?? 'application/octet-stream' });
      return result;
    } finally {
      await removeQuietly(tmp);
    }
  }

  /** Moves a finished file into place under `key`: metadata first, then the data by rename. */
  private async commit(key: string, file: string, meta: Omit<ObjectMeta, 'ino'>): Promise<void> {
    const data = this.dataPath(key);
    const { ino } = await stat(file);
    const conflict = () => new ObjectStoreError('InvalidKey', `Object key ${key} conflicts with another key (a key cannot also be a folder)`, { key });
    if ((await stat(data).catch(() => undefined))?.isDirectory()) throw conflict();
    try {
      await mkdir(dirname(data), { recursive: true });
      await writeJsonAtomic(this.metaPath(key), { ...meta, ino }, this.tmpDir);
      await rename(file, data);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') throw conflict();
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const data = this.dataPath(key);
    const st = await stat(data).catch((e) => (isMissing(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? undefined : Promise.reject(e)));
    if (!st?.isFile()) return undefined;
    let meta = await readJson<ObjectMeta>(this.metaPath(key));
    if (!meta || meta.ino !== st.ino || meta.size !== st.size) {
      // A crash between writing the metadata and renaming the data: describe the data again.
      meta = { etag: await md5OfFile(createReadStream(data)), size: st.size, content_type: meta?.content_type ?? 'application/octet-stream', ino: st.ino };
      await writeJsonAtomic(this.metaPath(key), meta, this.tmpDir);
    }
    return { key, size: st.size, etag: meta.etag, contentType: meta.content_type, modifiedAt: Math.floor(st.mtimeMs) };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const data = this.dataPath(key);
    const fh = await open(data, 'r').catch((e) => {
      throw isMissing(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? new ObjectStoreError('NoSuchKey', `No object ${key}`, { key }) : e;
    });
    const st = await fh.stat();
    if (!st.isFile()) {
      await fh.close();
      throw new ObjectStoreError('NoSuchKey', `No object ${key}`, { key });
    }
    if (range && !(Number.isInteger(range.start) && Number.isInteger(range.end) && range.start >= 0 && range.start <= range.end && range.end < st.size)) {
      await fh.close();
      throw new ObjectStoreError('InvalidRange', `Range ${range.start}-${range.end} is outside the object's ${st.size} bytes`, { size: st.size });
    }
    return fh.createReadStream({ start: range?.start ?? 0, end: range?.end, highWaterMark: 256 * 1024 });
  }

  async delete(key: string): Promise<boolean> {
    const data = this.dataPath(key);
    let existed = true;
    await unlink(data).catch((e) => {
      if (!isMissing(e)) throw e;
      existed = false;
    });
    await removeQuietly(this.metaPath(key));
    // Prune folders left empty, up to the data root.
    for (let dir = dirname(data); dir.startsWith(this.dataRoot + sep); dir = dirname(dir)) {
      if (!(await rmdir(dir).then(() => true, () => false))) break;
    }
    return existed;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const start = prefix.includes('/') ? join(this.dataRoot, ...prefix.slice(0, prefix.lastIndexOf('/')).split('/')) : this.dataRoot;
    for await (const file of walk(start)) {
      const key = relative(this.dataRoot, file).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const object = await this.stat(key);
      if (object) yield object;
    }
  }

  async localPath(key: string): Promise<string | undefined> {
    return (await this.stat(key)) ? this.dataPath(key) : undefined;
  }

  createMultipart(key: string, opts: { partSize: number; contentType?: string }): Promise<string> {
    return this.multipart.create(key, opts);
  }
  putPart(key: string, multipartId: string, partNumber: number, body: BodySource, opts: { expectedSize?: number } = {}): Promise<PutResult> {
    return this.multipart.putPart(key, multipartId, partNumber, body, opts);
  }
  listParts(key: string, multipartId: string): Promise<PartRecord[]> {
    return this.multipart.listParts(key, multipartId);
  }
  completeMultipart(key: string, multipartId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<PutResult> {
    return this.multipart.complete(key, multipartId, parts);
  }
  abortMultipart(key: string, multipartId: string): Promise<void> {
    return this.multipart.abort(key, multipartId);
  }
  listMultipart(): AsyncIterable<MultipartRef> {
    return this.multipart.list();
  }

  async purgeIncomplete(minAgeMs: number): Promise<number> {
    const cutoff = Date.now() - minAgeMs;
    return (await removeOlderThan(this.tmpDir, cutoff)) + (await this.multipart.purgeUnfinished(cutoff));
  }
}

/** Files under `dir` (depth first), skipping metadata dotfiles. */
async function* walk(dir: string): AsyncIterable<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((e) => (isMissing(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR' ? [] : Promise.reject(e)));
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}
