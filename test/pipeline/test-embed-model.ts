import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Writes a random-weight BERT-style sentence encoder (model.onnx + vocab.txt) with fixtures/make-embedding-model.mjs into `dir/name`. */
export function makeEmbeddingModel(dir: string, name = 'test-embed', ...flags: string[]): string {
  const out = join(dir, name);
  execFileSync(process.execPath, [join(root, 'fixtures', 'make-embedding-model.mjs'), '--out', out, ...flags], { stdio: ['ignore', 'ignore', 'inherit'] });
  return out;
}
