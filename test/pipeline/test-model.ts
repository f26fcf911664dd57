import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Writes a random-weight Whisper model in sherpa-onnx's format with fixtures/make-test-model.mjs
 * (issue 14, item 5) into `dir/name`, returning that folder. `flags`: --multilingual,
 * --no-attention, --bad-metadata.
 */
export function makeTestModel(dir: string, name: string, ...flags: string[]): string {
  const out = join(dir, name);
  execFileSync(process.execPath, [join(root, 'fixtures', 'make-test-model.mjs'), '--out', out, '--name', name, ...flags], { stdio: ['ignore', 'ignore', 'inherit'] });
  return out;
}
