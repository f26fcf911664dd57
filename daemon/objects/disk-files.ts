import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../../src/api/ids.js';
import { bytesRead } from '../../src/util/release-buffers.js';
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
 * and computing the MD5 on the way; nothing is buffered beyond the streams' own windows.
 * Refuses a body longer than the limits as soon as it passes them.
 */
export async function streamToFile(body: BodySource, path: string, limits: StreamLimits, at?: { start: number }): Promise<PutResult> {
  const hash = createHash('md5');
  let size = 0;
  const { expectedSize, maxSize } = limits;
  await pipeline(
    body,
    async function* measure(source: AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (expectedSize !== undefined && size > expectedSize) {
          throw new ObjectStoreError('SizeMismatch', `Body is longer than the declared ${expectedSize} bytes`, { expected_bytes: expectedSize });
        }
        if (maxSize !== undefined && size > maxSize) throw new ObjectStoreError('TooLarge', `Body is larger than ${maxSize} bytes`, { max_bytes: maxSize });
        hash.update(chunk);
        bytesRead(chunk.length);
        yield chunk;
      }
      if (expectedSize !== undefined && size !== expectedSize) {
        throw new ObjectStoreError('SizeMismatch', `Body is ${size} bytes, expected ${expectedSize}`, { expected_bytes: expectedSize, received_bytes: size });
      }
    },
    // A 1 MiB window lets socket chunks queue while a write is in flight; they then go to disk
    // together in one writev instead of one write per 64 KiB chunk.
    createWriteStream(path, { highWaterMark: 1024 * 1024, ...(at ? { flags: 'r+', start: at.start } : { flags: 'w' }) }),
  );
  return { size, etag: hash.digest('hex') };
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
