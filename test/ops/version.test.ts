import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../daemon/store/migrations/index.js';
import { PG_MIGRATIONS } from '../../daemon/store/postgres/migrations/index.js';
import { MIGRATION_LEVEL, versionLine } from '../../src/cli/version.js';
import { main } from '../../src/cli/entry.js';

// Issue 31, item 5: `clipper --version` prints the version, the commit and the migration level.
describe('clipper --version', () => {
  it('names the migration level this release brings a database to, equal to each engine\'s list', () => {
    expect(MIGRATION_LEVEL.sqlite).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
    expect(MIGRATION_LEVEL.postgres).toBe(Math.max(...PG_MIGRATIONS.map((m) => m.version)));
  });

  it('prints one line: version, commit, migrations', async () => {
    let out = '';
    expect(await main(['node', 'clipper', '--version'], { stdout: { write: (s: string) => ((out += s), true) } as never })).toBe(0);
    expect(out).toBe(`${versionLine()}\n`);
    expect(out).toMatch(/^\d+\.\d+\.\d+ \(commit (?:[0-9a-f]+|unknown), migrations sqlite \d+, postgres \d+\)\n$/);
  });
});
