import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Writes a random-weight Parakeet-shaped TDT transducer with fixtures/make-parakeet-model.mjs into `dir/name`. */
export function makeParakeetModel(dir: string, name = 'test-parakeet'): string {
  const out = join(dir, name);
  execFileSync(process.execPath, [join(root, 'fixtures', 'make-parakeet-model.mjs'), '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  return out;
}
