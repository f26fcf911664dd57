import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The pages' scripts (issue 16, item 5: "a small maintained front-end stack that you bundle with
 * the existing build (no CDN at run time)"): web/editor/ and web/dashboard/ bundled by
 * scripts/build.mjs into dist/web/<name>.js. Found by walking up from this module (daemon/web/
 * when run from source, dist/ or dist/chunks/ when bundled) to the folder holding dist/web/;
 * each read once.
 */
const cached = new Map<string, string>();

export function webScript(name: 'editor' | 'dashboard'): string | undefined {
  const known = cached.get(name);
  if (known !== undefined) return known;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    for (const file of [join(dir, 'dist', 'web', `${name}.js`), join(dir, 'web', `${name}.js`)]) {
      if (existsSync(file)) {
        const js = readFileSync(file, 'utf8');
        cached.set(name, js);
        return js;
      }
    }
    dir = dirname(dir);
  }
  return undefined;
}

export const editorScript = (): string | undefined => webScript('editor');
