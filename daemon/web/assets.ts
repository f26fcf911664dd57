import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The editor's script (issue 16, item 5: "a small maintained front-end stack that you bundle with
 * the existing build (no CDN at run time)"): web/editor/ bundled by scripts/build.mjs into
 * dist/web/editor.js. Found by walking up from this module (daemon/web/ when run from source,
 * dist/ or dist/chunks/ when bundled) to the folder holding dist/web/; read once.
 */
let cached: string | undefined;

export function editorScript(): string | undefined {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    for (const file of [join(dir, 'dist', 'web', 'editor.js'), join(dir, 'web', 'editor.js')]) {
      if (existsSync(file)) return (cached = readFileSync(file, 'utf8'));
    }
    dir = dirname(dir);
  }
  return undefined;
}
