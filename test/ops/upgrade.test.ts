import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { MIGRATION_LEVEL } from '../../src/cli/version.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { expectUpgraded, type UpgradeFixture } from './upgrade-checks.js';

// Issue 31, item 5: a data dir made by the previous release (commit a5ba9a9, by its own code:
// scripts/upgrade-fixture/make.mjs) opens under this one with every job, upload and post intact,
// and its pending tasks run: the queued clip job is processed, the scheduled post published once.

const FIXTURE = 'fixtures/upgrade/a5ba9a9.tar.gz';
const dataDir = mkdtempSync(join(tmpdir(), 'clipper-upgrade-'));
let d: TestDaemon | undefined;
afterAll(async () => {
  await d?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('upgrading a data dir of the previous release', () => {
  it('keeps every job, upload and post, migrates to this level and resumes pending tasks', async () => {
    execFileSync('tar', ['-xzf', FIXTURE, '-C', dataDir]);
    const made = JSON.parse(readFileSync(join(dataDir, 'fixture.json'), 'utf8')) as UpgradeFixture;
    expect(made.commit).toMatch(/^a5ba9a9/);
    const clock = new ManualClock(made.scheduled_at - 30 * 60_000);
    d = await startTestDaemon({ dataDir, clock, settings: { limits: { requests_per_minute: 100_000 }, transcription: { engine: 'none' } } });
    expect(d.app.db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(MIGRATION_LEVEL.sqlite);
    await expectUpgraded(d, made, clock, async () => d!.app.db.prepare('SELECT object_key, etag FROM uploads WHERE id = ?').get(made.upload_id) as { object_key: string; etag: string });
  }, 180_000);
});
