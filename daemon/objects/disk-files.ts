import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { randomToken } from '../../src/api/ids.js';
import { bytesRead } from '../../src/util/release-buffers.js';
import { openHashedFile } from './hashing-writer.js';
import { ObjectStoreError, type BodySource, type PutResult } from './object-store.js';

// File primitives of the on-disk store: every write lands in a temporary file first and is
// renamed into place, so a crash never leaves a half-written file under its final name.

export const tempPath = (tmpDir: string, hint: string) => join(tmpDir, `${Date.now()}-${randomToken(10)}.${hint}`);

export interface StreamLimits {
  expectedSize?: number;
  maxSize?: number;
}

/**
 * Streams `body` into `path` (at byte `start` of an existing file when given), counting bytes
 * on the way while a pool thread writes them and computes the MD5 (hashing-writer.ts); at most a
 * few MiB per file are in flight. Refuses a body longer than the limits as soon as it passes them.
 */
export async function streamToFile(body: BodySource, path: string, limits: StreamLimits, at?: { start: number }): Promise<PutResult> {
  const { expectedSize, maxSize } = limits;
  const sink = openHashedFile(path, at);
  let size = 0;
  try {
    await eachChunk(body, (chunk) => {
      size += chunk.length;
      if (expectedSize !== undefined && size > expectedSize) {
        throw new ObjectStoreError('SizeMismatch', `Body is longer than the declared ${expectedSize} bytes`, { expected_bytes: expectedSize });
      }
      if (maxSize !== undefined && size > maxSize) throw new ObjectStoreError('TooLarge', `Body is larger than ${maxSize} bytes`, { max_bytes: maxSize });
      bytesRead(chunk.length); // socket chunks are fresh memory: keep the RSS flat
      return sink.write(chunk);
    });
    if (expectedSize !== undefined && size !== expectedSize) {
      throw new ObjectStoreError('SizeMismatch', `Body is ${size} bytes, expected ${expectedSize}`, { expected_bytes: expectedSize, received_bytes: size });
    }
  } catch (e) {
    await sink.abort();
    throw e;
  }
  return { size, etag: await sink.finish() };
}

/**
 * Calls `take` with each chunk of `body`, waiting whenever it returns a promise. A Readable is
 * read in flowing mode with pause/resume: its async iterator would call read(), which joins the
 * chunks buffered meanwhile into a new buffer (a copy of most of an upload's bytes).
 */
function eachChunk(body: BodySource, take: (chunk: Uint8Array) => Promise<void> | undefined): Promise<void> {
  if (!(body instanceof Readable)) {
    return (async () => {
      for await (const chunk of body) await take(chunk);
    })();
  }
  return new Promise<void>((resolve, reject) => {
    // The stream may end while the last chunk's wait is still running: both must be over.
    let waiting: Promise<void> = Promise.resolve();
    // Refused mid-way: stop reading, but leave the stream open, so the caller can still answer
    // (an HTTP request's 400 goes out on its connection, which is then closed).
    const fail = (e: unknown) => {
      body.off('data', onData);
      if (body instanceof IncomingMessage) body.pause();
      else body.destroy(); // a file or generator stream: release it now
      reject(e);
    };
    const onData = (chunk: Uint8Array) => {
      try {
        const wait = take(chunk);
        if (wait) {
          body.pause();
          waiting = wait.then(() => void body.resume());
          waiting.catch(fail);
        }
      } catch (e) {
        fail(e);
      }
    };
    body.on('data', onData);
    finished(body, { writable: false }).then(() => waiting.then(resolve, () => undefined), reject);
  });
}

/**
 * Writes a small JSON document through a temporary file and a rename. The target folder must
 * exist: a record never brings back a folder that was removed meanwhile (an aborted upload).
 */
export async function writeJsonAtomic(path: string, value: unknown, tmpDir: string): Promise<void> {
  const tmp = tempPath(tmpDir, 'json');
  await writeFile(tmp, JSON.stringify(value));
  try {
    await rename(tmp, path);
  } catch (e) {
    await removeQuietly(tmp);
    throw e;
  }
}

export async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (e) {
    if (isMissing(e) || e instanceof SyntaxError) return undefined;
    throw e;
  }
}

export const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Removes a file that may not exist. */
export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true, recursive: true });
}

/** MD5 hex of a file, streamed (used only to repair metadata after a crash). */
export async function md5OfFile(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** Removes the entries of `dir` last modified before `cutoff` (leftovers of writes that died); how many. */
export async function removeOlderThan(dir: string, cutoff: number, filesOnly = false): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir)) {
    const st = await stat(join(dir, name)).catch(() => undefined);
    if (!st || st.mtimeMs >= cutoff || (filesOnly && !st.isFile())) continue;
    await removeQuietly(join(dir, name));
    removed++;
  }
  return removed;
}
