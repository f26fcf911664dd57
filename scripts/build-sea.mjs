// Builds ONE `clipper` executable with Node's single-executable-application support (FACTS.md):
//   1. esbuild bundles src/cli/sea-main.ts and every package it uses into one CommonJS file
//      (SEA runs CommonJS only; esbuild refuses top-level await in that format, which is our check);
//   2. `node --experimental-sea-config` turns it into a blob, with better-sqlite3's addon as an asset;
//   3. a copy of this node binary gets the blob injected with postject.
// ffmpeg and ffprobe are NOT inside: the executable runs the ones on PATH (README, "single executable").
//
// Usage: node scripts/build-sea.mjs [--out DIR]   (default DIR: dist-sea; the result is DIR/clipper)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const outArg = process.argv.indexOf('--out');
const out = resolve(outArg > 0 ? process.argv[outArg + 1] : join(root, 'dist-sea'));
const work = join(out, 'sea-work');
const exe = join(out, process.platform === 'win32' ? 'clipper.exe' : 'clipper');
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const log = (msg) => process.stderr.write(`build-sea: ${msg}\n`);

let postject;
try {
  postject = require('postject');
} catch {
  log('postject is not installed: run `npm install` (it is a devDependency)');
  process.exit(3);
}

// The npm ffmpeg/ffprobe installers locate binaries under node_modules at import time, which
// does not exist inside the executable: they resolve to the programs on PATH instead.
const onPath = {
  name: 'ffmpeg-on-path',
  setup(b) {
    b.onResolve({ filter: /^@(ffmpeg|ffprobe)-installer\/(ffmpeg|ffprobe)$/ }, (a) => ({ path: a.path, namespace: 'on-path' }));
    b.onLoad({ filter: /.*/, namespace: 'on-path' }, (a) => ({
      contents: `module.exports = { path: ${JSON.stringify(a.path.endsWith('ffprobe') ? 'ffprobe' : 'ffmpeg')}, version: 'PATH', url: '' };`,
      loader: 'js',
    }));
  },
};

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const bundle = join(work, 'clipper.cjs');
const t0 = Date.now();
await build({
  entryPoints: [join(root, 'src/cli/sea-main.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // import.meta does not exist in CommonJS: give modules that use import.meta.url the file's URL.
  define: { 'import.meta.url': '__clipper_import_meta_url', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
  banner: { js: 'var __clipper_import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [onPath],
  logLevel: 'warning',
  legalComments: 'none',
});
log(`bundled ${(statSync(bundle).size / 1e6).toFixed(1)} MB in ${Date.now() - t0} ms`);

const addon = require.resolve('better-sqlite3/build/Release/better_sqlite3.node');
const blob = join(work, 'sea-prep.blob');
const config = {
  main: bundle,
  output: blob,
  disableExperimentalSEAWarning: true,
  useSnapshot: false,
  useCodeCache: false,
  assets: { 'better_sqlite3.node': addon },
};
writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 2, 2] });

rmSync(exe, { force: true });
copyFileSync(process.execPath, exe);
chmodSync(exe, 0o755);
await postject.inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE, overwrite: true });
rmSync(work, { recursive: true, force: true });
log(`wrote ${exe} (${(statSync(exe).size / 1e6).toFixed(0)} MB) in ${Date.now() - t0} ms`);
