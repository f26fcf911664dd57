// The web pages' bundles (issues 16 and 29): web/editor/ and web/dashboard/ as minified browser
// modules, editor.js and dashboard.js in `outdir`. scripts/build.mjs puts them in dist/web/,
// scripts/build-sea.mjs in the executable's runtime pack; daemon/web/assets.ts finds them there
// and the daemon serves them at /app/assets/editor.js and /app/assets/dashboard.js.
export const editorBuildOptions = (root, outdir) => ({
  absWorkingDir: root,
  bundle: true,
  platform: 'browser',
  target: 'es2020',
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  entryPoints: { editor: 'web/editor/main.ts', dashboard: 'web/dashboard/main.ts' },
  outdir,
});
