import { gunzipSync } from 'node:zlib';

/**
 * The runtime pack of the single executable: files that must exist on disk at run time (the CLI
 * bundle, and packages loaded with `createRequire` or read as data, such as natural's submodules
 * and the WordNet dictionary). Layout, gzip-compressed as a whole:
 *   u32 big-endian header length | header JSON {files: [{path, size, mode}]} | file bytes in order
 * scripts/build-sea.mjs writes it; `unpack` reads it.
 */
export interface PackEntry {
  path: string;
  size: number;
  mode: number;
}

export function unpack(gz: Uint8Array): Array<PackEntry & { data: Buffer }> {
  const buf = gunzipSync(gz);
  const headerLen = buf.readUInt32BE(0);
  const { files } = JSON.parse(buf.subarray(4, 4 + headerLen).toString('utf8')) as { files: PackEntry[] };
  let at = 4 + headerLen;
  return files.map((f) => {
    if (f.path.startsWith('/') || f.path.split('/').includes('..')) throw new Error(`bad path in runtime pack: ${f.path}`);
    const data = buf.subarray(at, at + f.size);
    at += f.size;
    return { ...f, data };
  });
}
