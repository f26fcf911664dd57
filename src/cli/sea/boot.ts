// Main script of the single executable (CommonJS, no top-level await). It unpacks the runtime
// pack once into the cache folder and runs the CLI from there (BUNDLE_NAME, a loader of the CLI's
// ES module chunks under cli/), so that the chunks' `createRequire(import.meta.url)` finds the
// packages they load at run time (natural's submodules, wink-lexicon, the WordNet files) in a
// node_modules folder above them.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cacheDirs, seaApi } from './native.js';
import { unpack } from './pack.js';

export const RUNTIME_ASSET = 'runtime.pack';
export const RUNTIME_ID_ASSET = 'runtime.id';
export const BUNDLE_NAME = 'clipper.cjs';

/** Unpacks into `<cache>/runtime/<build id>/` (temp folder, then rename: never half a folder). */
function runtimeDir(): string {
  const sea = seaApi();
  if (!sea) throw new Error('the boot script runs only inside the single executable');
  const id = Buffer.from(sea.getAsset(RUNTIME_ID_ASSET)).toString('utf8').trim();
  const errors: string[] = [];
  for (const base of cacheDirs(process.env)) {
    const dir = join(base, 'runtime', id);
    if (existsSync(join(dir, BUNDLE_NAME))) return dir;
    const temp = `${dir}.${process.pid}.tmp`;
    try {
      for (const f of unpack(new Uint8Array(sea.getAsset(RUNTIME_ASSET)))) {
        mkdirSync(dirname(join(temp, f.path)), { recursive: true, mode: 0o700 });
        writeFileSync(join(temp, f.path), f.data, { mode: f.mode });
      }
      try {
        renameSync(temp, dir);
      } catch (e) {
        if (!existsSync(join(dir, BUNDLE_NAME))) throw e; // Another start won the race: use its copy.
        rmSync(temp, { recursive: true, force: true });
      }
      return dir;
    } catch (e) {
      rmSync(temp, { recursive: true, force: true });
      errors.push(`${base}: ${(e as Error).message}`);
    }
  }
  throw new Error(`cannot unpack the runtime files (set CLIPPER_CACHE_DIR to a writable folder): ${errors.join('; ')}`);
}

try {
  const bundle = join(runtimeDir(), BUNDLE_NAME);
  createRequire(bundle)(bundle);
} catch (e) {
  process.stderr.write(`clipper: ${(e as Error).message}\n`);
  process.exitCode = 1;
}
