import { createHash } from 'node:crypto';

// Helpers of the object-store contract: bodies produced chunk by chunk, reading a stream back,
// and an operation's outcome as its error code.

export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

export async function read(s: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** A body produced chunk by chunk, optionally failing after `failAfter` chunks. */
export async function* chunked(data: Buffer, chunk = 64 * 1024, failAfter?: number) {
  for (let i = 0, n = 0; i < data.length; i += chunk, n++) {
    if (failAfter !== undefined && n >= failAfter) throw new Error('client went away');
    yield data.subarray(i, i + chunk);
  }
}

/** 'resolved', or the error's store code (its message when it has none). */
export const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e) => e.code ?? e.message);

/** Everything an async iterable yields. */
export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
