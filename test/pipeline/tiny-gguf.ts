import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Writes a random-weight llama GGUF with fixtures/make-tiny-gguf.mjs (issue 28, item 6) to `file`. */
export function makeTinyGguf(file: string, ...flags: string[]): string {
  execFileSync(process.execPath, [join(root, 'fixtures', 'make-tiny-gguf.mjs'), '--out', file, ...flags], { stdio: ['ignore', 'ignore', 'inherit'] });
  return file;
}
