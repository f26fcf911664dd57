import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rename, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeOlderThan, tempPath } from './disk-files.js';

/**
 * Local copies of bucket objects for the media stages (ffmpeg, the recognisers, face detection
 * read files). Issue 21 asks how the pipeline reads an object when it lives in a bucket; the
 * worker downloads it once into `DATA_DIR/tmp/objects/` and every stage reads that file:
 * ffmpeg reading a presigned HTTP URL would fetch the source again for each of a job's dozen
 * processes (probe, audio, analysis, every preview), seek over HTTP on every moov-at-the-end
 * MP4, and fail mid-job on a dropped connection. A copy is named after the key's hash and the
 * object's etag, so a replaced object is never read stale; it is written to a temporary name and
 * renamed when whole, so a kill -9 leaves at most a temporary file (purged by age), never a
 * half copy under the final name. Copies unused for the purge age are removed.
 */
export class LocalCopies {
  private pending = new Map<string, Promise<string>>();

  constructor(private dir: string) {
    mkdirSync(join(dir, 'tmp'), { recursive: true });
  }

  private name(key: string, etag: string) {
    return `${createHash('sha256').update(key).digest('hex').slice(0, 32)}-${etag.replace(/[^A-Za-z0-9-]/g, '')}`;
  }

  /** The file holding `key` at `etag`, downloading it with `open()` when not there yet. */
  async path(key: string, etag: string, open: () => Promise<Readable>): Promise<string> {
    const file = join(this.dir, this.name(key, etag));
    const now = new Date();
    if (await utimes(file, now, now).then(() => true, () => false)) return file;
    const running = this.pending.get(file);
    if (running) return await running;
    const fetching = (async () => {
      const tmp = tempPath(join(this.dir, 'tmp'), 'copy');
      try {
        await pipeline(await open(), createWriteStream(tmp));
        await rename(tmp, file);
        return file;
      } finally {
        await rm(tmp, { force: true });
        this.pending.delete(file);
      }
    })();
    this.pending.set(file, fetching);
    return await fetching;
  }

  /** Forgets every copy of `key` (it was deleted or replaced). */
  async drop(key: string): Promise<void> {
    const prefix = this.name(key, '');
    for (const f of await readdir(this.dir)) if (f.startsWith(prefix)) await rm(join(this.dir, f), { force: true });
  }

  /** Removes copies unused and temporary files untouched since `cutoff`; returns the temporary ones. */
  async purge(cutoff: number): Promise<number> {
    await removeOlderThan(this.dir, cutoff, true);
    return await removeOlderThan(join(this.dir, 'tmp'), cutoff);
  }
}
