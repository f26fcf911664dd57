// Kept in step with package.json by the release process.
export const VERSION = '0.1.0';

/**
 * The schema level this release migrates a database to: the highest migration number of each
 * engine's list (daemon/store/migrations, daemon/store/postgres/migrations). A constant so that
 * `clipper --version` loads nothing else; test/ops/version.test.ts keeps it equal to the lists.
 */
export const MIGRATION_LEVEL = { sqlite: 31, postgres: 31 } as const;

// Set by scripts/build.mjs (esbuild `define`): the commit the bundle was built from.
declare const __CLIPPER_COMMIT__: string | undefined;

/** The release, its commit ("unknown" when run from sources) and its migration level. */
export function versionInfo(): { version: string; commit: string; migration: typeof MIGRATION_LEVEL } {
  const commit = typeof __CLIPPER_COMMIT__ === 'string' && __CLIPPER_COMMIT__ ? __CLIPPER_COMMIT__ : 'unknown';
  return { version: VERSION, commit, migration: MIGRATION_LEVEL };
}

/** What `clipper --version` prints (issue 31, item 5): `0.1.0 (commit 744cb44, migrations sqlite 21, postgres 2)`. */
export function versionLine(): string {
  const v = versionInfo();
  return `${v.version} (commit ${v.commit}, migrations sqlite ${v.migration.sqlite}, postgres ${v.migration.postgres})`;
}
