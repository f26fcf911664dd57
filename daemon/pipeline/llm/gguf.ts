import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { downloadFile, type DownloadOptions } from '../transcribe/model-download.js';
import { modelHub } from '../transcribe/model-catalogue.js';
import type { LlmCatalogueModel } from './catalogue.js';

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

export const llmFileUrl = (m: LlmCatalogueModel, env: NodeJS.ProcessEnv = process.env) => `${modelHub(env)}/${m.repo}/resolve/${m.revision}/${m.file.file}`;

/**
 * A catalogue language model into `target` (issue 28, item 1): downloaded to the models folder's
 * `.downloads` (resumed from there by a later run), its SHA-256 checked, then renamed into place.
 */
export async function downloadLlm(m: LlmCatalogueModel, target: string, opts: DownloadOptions & { env?: NodeJS.ProcessEnv }): Promise<void> {
  const staged = join(dirname(target), '.downloads', `${m.name}.gguf`);
  await mkdir(dirname(staged), { recursive: true });
  await downloadFile(llmFileUrl(m, opts.env), staged, { ...opts, sha256: m.file.sha256 });
  await rename(staged, target);
}
