import { mkdir, readdir, rename, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomToken } from '../../src/api/ids.js';
import { isMissing, readJson, removeQuietly, streamToFile, tempPath, writeJsonAtomic } from './disk-files.js';
import type { ObjectMeta } from './disk-store.js';
import { checkCompletion, multipartEtag } from './completion.js';
import { assertValidKey, ObjectStoreError, type BodySource, type MultipartRef, type PartRecord, type PutResult } from './object-store.js';

interface UploadInfo {
  key: string;
  part_size: number;
  content_type: string;
  initiated_at: number;
}

interface Hooks {
  commit(key: string, file: string, meta: Omit<ObjectMeta, 'ino'>): Promise<void>;
  metaOf(key: string): Promise<ObjectMeta | undefined>;
}

const MAX_PART_NUMBER = 10_000;

/**
 * Multipart uploads on disk: `multipart/<id>/` holds `upload.json`, the `data` file being
 * assembled and `parts/<n>.json` records. Because every part but the last is exactly partSize
 * bytes, part N is written straight to its offset in `data`; completing is a truncate and a
 * rename, with no second copy of the bytes. A part's record is written only once its bytes are
 * in, and removed before they are rewritten, so a record always describes the bytes present.
 */
export class DiskMultipart {
  private writing = new Set<string>();
  private completing = new Set<string>();

  constructor(private root: string, private tmpDir: string, private hooks: Hooks) {}

  private dir(id: string): string {
    if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw new ObjectStoreError('NoSuchUpload', `No multipart upload ${id}`, { multipart_id: id });
    return join(this.root, id);
  }

  private async info(key: string, id: string): Promise<UploadInfo> {
    const info = await readJson<UploadInfo>(join(this.dir(id), 'upload.json'));
    if (!info || info.key !== key) throw new ObjectStoreError('NoSuchUpload', `No multipart upload ${id} of ${key}`, { multipart_id: id });
    return info;
  }

  async create(key: string, opts: { partSize: number; contentType?: string }): Promise<string> {
    assertValidKey(key);
    if (!Number.isInteger(opts.partSize) || opts.partSize < 1) throw new ObjectStoreError('InvalidPart', 'partSize must be a positive integer');
    const id = randomToken(24);
    // Built in tmp/ and renamed, so a multipart folder is either whole or absent.
    const staging = tempPath(this.tmpDir, 'mp');
    await mkdir(join(staging, 'parts'), { recursive: true });
    await writeFile(join(staging, 'data'), '');
    const info: UploadInfo = { key, part_size: opts.partSize, content_type: opts.contentType ?? 'application/octet-stream', initiated_at: Date.now() };
    await writeFile(join(staging, 'upload.json'), JSON.stringify(info));
    await rename(staging, this.dir(id));
    return id;
  }

  async putPart(key: string, id: string, partNumber: number, body: BodySource, opts: { expectedSize?: number }): Promise<PutResult> {
    const info = await this.info(key, id);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw new ObjectStoreError('InvalidPart', `Part number must be 1 to ${MAX_PART_NUMBER}`, { part_number: partNumber });
    }
    const slot = `${id}/${partNumber}`;
    if (this.writing.has(slot) || this.completing.has(id)) throw new ObjectStoreError('PartInProgress', `Part ${partNumber} is being written or the upload is completing`, { part_number: partNumber });
    this.writing.add(slot);
    try {
      const record = join(this.dir(id), 'parts', `${partNumber}.json`);
      await removeQuietly(record);
      const start = (partNumber - 1) * info.part_size;
      const result = await streamToFile(body, join(this.dir(id), 'data'), { maxSize: info.part_size, expectedSize: opts.expectedSize }, { start });
      await writeJsonAtomic(record, { partNumber, etag: result.etag, size: result.size } satisfies PartRecord, this.tmpDir).catch((e) => {
        throw isMissing(e) ? new ObjectStoreError('NoSuchUpload', `Multipart upload ${id} was aborted`, { multipart_id: id }) : e;
      });
      return result;
    } finally {
      this.writing.delete(slot);
    }
  }

  async listParts(key: string, id: string): Promise<PartRecord[]> {
    await this.info(key, id);
    const names = await readdir(join(this.dir(id), 'parts')).catch((e) => (isMissing(e) ? [] : Promise.reject(e)));
    const records = await Promise.all(names.filter((n) => n.endsWith('.json')).map((n) => readJson<PartRecord>(join(this.dir(id), 'parts', n))));
    return records.filter((r): r is PartRecord => !!r).sort((a, b) => a.partNumber - b.partNumber);
  }

  async complete(key: string, id: string, parts: Array<{ partNumber: number; etag: string }>): Promise<PutResult> {
    if (!(await readJson<UploadInfo>(join(this.dir(id), 'upload.json')))) {
      // Already completed (a repeated call, or one whose answer was lost): same result.
      const done = await this.hooks.metaOf(key);
      if (done?.multipart_id === id) return { size: done.size, etag: done.etag };
    }
    const info = await this.info(key, id);
    const busy = [...this.writing].some((s) => s.startsWith(`${id}/`));
    if (busy || this.completing.has(id)) throw new ObjectStoreError('PartInProgress', 'Parts are still being written; complete after every part PUT has answered', { multipart_id: id });
    this.completing.add(id);
    try {
      const records = checkCompletion(info.part_size, await this.listParts(key, id), parts);
      const size = records.reduce((sum, r) => sum + r.size, 0);
      const data = join(this.dir(id), 'data');
      await truncate(data, size);
      const etag = multipartEtag(records.map((r) => r.etag));
      await this.hooks.commit(key, data, { etag, size, content_type: info.content_type, multipart_id: id });
      await removeQuietly(this.dir(id));
      return { size, etag };
    } finally {
      this.completing.delete(id);
    }
  }

  async abort(key: string, id: string): Promise<void> {
    const info = await readJson<UploadInfo>(join(this.dir(id), 'upload.json'));
    if (info && info.key !== key) throw new ObjectStoreError('NoSuchUpload', `No multipart upload ${id} of ${key}`, { multipart_id: id });
    await removeQuietly(this.dir(id));
  }

  async *list(): AsyncIterable<MultipartRef> {
    for (const id of (await readdir(this.root)).sort()) {
      const info = await readJson<UploadInfo>(join(this.root, id, 'upload.json'));
      if (info) yield { key: info.key, multipartId: id, initiatedAt: info.initiated_at };
    }
  }

  /** Folders without an upload.json (cannot normally happen: they are renamed in whole). */
  async purgeUnfinished(cutoff: number): Promise<number> {
    let removed = 0;
    for (const id of await readdir(this.root)) {
      const dir = join(this.root, id);
      if (await readJson(join(dir, 'upload.json'))) continue;
      const st = await stat(dir).catch(() => undefined);
      if (st && st.mtimeMs < cutoff) {
        await removeQuietly(dir);
        removed++;
      }
    }
    return removed;
  }
}
