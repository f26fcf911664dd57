// The web editor's bundle (issue 16): web/editor/ as one minified browser module, editor.js in
// `outdir`. scripts/build.mjs puts it in dist/web/, scripts/build-sea.mjs in the executable's
// runtime pack; daemon/web/assets.ts finds it there and serves it at /app/assets/editor.js.
export const editorBuildOptions = (root, outdir) => ({
  absWorkingDir: root,
  bundle: true,
  platform: 'browser',
  target: 'es2020',
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  entryPoints: { editor: 'web/editor/main.ts' },
  outdir,
});
