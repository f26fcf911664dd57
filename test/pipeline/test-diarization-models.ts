import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Writes the random-weight speaker segmentation and speaker-embedding models with
 * fixtures/make-diarization-models.mjs into `dir` (folders test-segmentation and test-speaker-embedding).
 */
export function makeDiarizationModels(dir: string): { segmentation: string; embedding: string } {
  execFileSync(process.execPath, [join(root, 'fixtures', 'make-diarization-models.mjs'), '--out', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { segmentation: join(dir, 'test-segmentation'), embedding: join(dir, 'test-speaker-embedding') };
}
