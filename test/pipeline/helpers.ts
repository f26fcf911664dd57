import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface FixtureExpectation {
  name: string;
  duration: number;
  width: number;
  height: number;
  segments: { topic: string; start: number; end: number; text: string }[];
  pauses: { start: number; end: number }[];
  scenes: number[];
}

/**
 * A spoken test video made by fixtures/make-fixtures.sh (cached in fixtures/generated/; the
 * script takes a lock, so test files running side by side may all ask for it), or the committed
 * fixtures/sample.mp4.
 */
export function fixture(name: string): { video: string; expected: FixtureExpectation } {
  // The committed sample is read as it is; only `make-fixtures.sh sample` remakes it.
  if (name !== 'sample') execFileSync('bash', [join(root, 'fixtures', 'make-fixtures.sh'), name], { stdio: ['ignore', 'ignore', 'pipe'] });
  const dir = name === 'sample' ? join(root, 'fixtures') : join(root, 'fixtures', 'generated');
  return { video: join(dir, `${name}.mp4`), expected: JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as FixtureExpectation };
}

export const tempDir = (prefix = 'clipper-media-') => mkdtempSync(join(tmpdir(), prefix));

/** The content words of a text: lower case, no punctuation, no short function words. */
export function contentWords(text: string): string[] {
  const stop = new Set(['the', 'and', 'for', 'our', 'with', 'when', 'his', 'from', 'than', 'this', 'here', 'will', 'let', 'now', 'next', 'you', 'are', 'who', 'them', 'that']);
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !stop.has(w));
}
