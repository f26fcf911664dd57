import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { loadPostgresDump } from '../../daemon/ops/pg-sql-dump.js';
import { PgSql } from '../../daemon/store/postgres/pg-sql.js';
import { MIGRATION_LEVEL } from '../../src/cli/version.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { expectUpgraded, type UpgradeFixture } from './upgrade-checks.js';

// Issue 31, item 5: "a data dir and a PostgreSQL database made by the previous release open
// under the new one". The fixture (scripts/upgrade-fixture/make.mjs --postgres) is what commit
// a5ba9a9's own code wrote: its objects and keys in the data dir, its rows in PostgreSQL, kept
// as postgres.sql (the schema of its migrations, levels 1 and 2, with the rows). Loaded into a
// fresh database, it opens under this release: migrations to this level, everything intact,
// the queued job processed and the scheduled post published once.

const FIXTURE = 'fixtures/upgrade/a5ba9a9-postgres.tar.gz';
const dataDir = mkdtempSync(join(tmpdir(), 'clipper-upgrade-pg-'));
let pg: TestPostgres | undefined;
let d: TestDaemon | undefined;
let sql: PgSql | undefined;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await d?.stop();
  await sql?.close();
  await pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('upgrading a PostgreSQL deployment of the previous release', () => {
  it('keeps every job, upload and post, migrates to this level and resumes pending tasks', async () => {
    execFileSync('tar', ['-xzf', FIXTURE, '-C', dataDir]);
    const made = JSON.parse(readFileSync(join(dataDir, 'fixture.json'), 'utf8')) as UpgradeFixture;
    expect(made.commit).toMatch(/^a5ba9a9/);
    const url = await pg!.createDatabase();
    await loadPostgresDump(url, join(dataDir, 'postgres.sql'));
    sql = PgSql.connect(url, 1);
    expect(await sql.column('SELECT version FROM schema_migrations ORDER BY 1')).toEqual([1, 2]); // the old release's levels

    const clock = new ManualClock(made.scheduled_at - 30 * 60_000);
    d = await startTestDaemon({ dataDir, clock, settings: { limits: { requests_per_minute: 100_000 }, transcription: { engine: 'none' }, database: { url } } });
    expect(await sql.value('SELECT MAX(version) FROM schema_migrations')).toBe(MIGRATION_LEVEL.postgres);
    expect(d.rootTeamId).toBe(made.team);
    await expectUpgraded(d, made, clock, async () => (await sql!.get<{ object_key: string; etag: string }>('SELECT object_key, etag FROM uploads WHERE id = ?', made.upload_id))!);
  }, 240_000);
});
