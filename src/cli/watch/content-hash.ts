import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * SHA-256 of a whole file, streamed: the identity of a file's content for `clipper watch`
 * ("each file is hashed and sent once, ever"), whatever its name. `signal` stops a long hash
 * when the watcher stops.
 */
export async function sha256File(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { signal, highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
