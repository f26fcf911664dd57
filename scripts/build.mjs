// Bundles the TypeScript sources into dist/ so bin/clipper starts without a loader.
// Packages stay external: they are installed by npm next to the bundle.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../node_modules/esbuild', import.meta.url))) process.exit(0);

await build({
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
