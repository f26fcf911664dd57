import { closeSync, openSync, readSync } from 'node:fs';

/** GGUF's magic (ggml docs/gguf.md): the bytes "GGUF" at the start of the file. */
export function isGgufFile(path: string): boolean {
  const head = Buffer.alloc(8);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    // The magic, then the format's version (a little-endian uint32: 1 to 3 so far); a file that
    // only starts with the four letters is not one (whisper.cpp's checks then name it).
    return readSync(fd, head, 0, 8, 0) === 8 && head.toString('latin1', 0, 4) === 'GGUF' && head.readUInt32LE(4) >= 1 && head.readUInt32LE(4) <= 3;
  } finally {
    closeSync(fd);
  }
}
