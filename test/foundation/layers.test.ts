import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 27, item 9: "The store does not import a resource's policy nor pipeline types." The store
// may reach only itself, the shared leaf modules (domain shapes, the clock, the API's types) and
// packages; the pipeline's and the resources' code depend on it, never the other way round.
const root = resolve(import.meta.dirname, '..', '..');
const ALLOWED = ['daemon/store/', 'daemon/domain/', 'daemon/clock.ts', 'src/api/'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** Relative imports of a file, as paths from the repository root (`.js` written for `.ts`). */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
    .map((m) => relative(root, resolve(dirname(file), m[1])).replace(/\.js$/, '.ts'));
}

describe('layers', () => {
  it('the store imports nothing of the resources, the pipeline or the server', () => {
    const outside = tsFiles(join(root, 'daemon', 'store')).flatMap((file) =>
      localImports(file).filter((i) => !ALLOWED.some((a) => i.startsWith(a))).map((i) => `${relative(root, file)} -> ${i}`));
    expect(outside).toEqual([]);
  });

  it('the domain shapes are leaves: they import only each other', () => {
    const outside = tsFiles(join(root, 'daemon', 'domain')).flatMap((file) =>
      localImports(file).filter((i) => !i.startsWith('daemon/domain/')).map((i) => `${relative(root, file)} -> ${i}`));
    expect(outside).toEqual([]);
  });
});
