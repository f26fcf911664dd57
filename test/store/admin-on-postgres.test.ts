// Issue 27, item 4: administration on PostgreSQL. With database.url in config.json (or
// CLIPPER_DATABASE_URL), `admin teams create|list` and `auth token --team` work on PostgreSQL, not
// on the data dir's SQLite file; a valid token naming a team the daemon's database does not have
// gets a 401 that says so. The "Running for many teams" steps of the README, on a real server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../daemon/store/db.js';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { postgresStore } from '../../daemon/store/postgres/index.js';
import { systemClock } from '../../daemon/clock.js';
import { startTestDaemon } from '../helpers/daemon.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { cliHarness, runCli, type CliHarness } from '../helpers/cli-io.js';

let pg: TestPostgres;
let h: CliHarness;
beforeAll(async () => {
  pg = await startPostgres();
  h = cliHarness();
});
afterAll(async () => {
  h?.cleanup();
  await pg?.stop();
});

const teamsIn = async (url: string) => {
  const store = await postgresStore(url, systemClock, { poolSize: 1 });
  try {
    return (await store.teams.list()).map((t) => t.id);
  } finally {
    await store.close();
  }
};
const sqliteTeams = (dataDir: string) => {
  const db = openDb(join(dataDir, 'clipper.db'));
  try {
    return db.prepare('SELECT id FROM teams ORDER BY created_at').pluck().all() as string[];
  } finally {
    db.close();
  }
};

describe('admin and credential commands with database.url (PostgreSQL)', () => {
  it('creates and lists teams in PostgreSQL, mints their tokens, and the daemon on that database accepts them', async () => {
    const url = await pg.createDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'clipper-pg-admin-'));
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ database: { url } }));
    try {
      // Step 1 of the README: a team, written to PostgreSQL (the data dir's SQLite file has only its own root).
      const created = await runCli(['admin', 'teams', 'create', '--name', 'Acme', '--data-dir', dataDir, '--json'], { env: h.env });
      expect(created.code, created.stderr).toBe(0);
      const acme = JSON.parse(created.stdout) as { id: string; name: string };
      expect(acme.name).toBe('Acme');
      const inPg = await teamsIn(url);
      expect(inPg).toContain(acme.id);
      expect(inPg).toHaveLength(2); // the root team, made as the daemon makes it, and Acme
      expect(sqliteTeams(dataDir)).not.toContain(acme.id);
      const listed = await runCli(['admin', 'teams', 'list', '--data-dir', dataDir, '--json'], { env: h.env });
      expect((JSON.parse(listed.stdout) as { teams: Array<{ id: string }> }).teams.map((t) => t.id)).toEqual(inPg);

      // Step 2: its first credential, then an API key made with it through the daemon.
      const minted = await runCli(['auth', 'token', '--team', acme.id, '--data-dir', dataDir, '--json'], { env: h.env });
      expect(minted.code, minted.stderr).toBe(0);
      const { token, team_id } = JSON.parse(minted.stdout) as { token: string; team_id: string };
      expect(team_id).toBe(acme.id);
      const d = await startTestDaemon({ dataDir });
      try {
        const team = await d.call('GET', '/v1/team', { auth: `Bearer ${token}` });
        expect(team.status).toBe(200);
        expect(team.body).toMatchObject({ team_id: acme.id, name: 'Acme' });
        expect((await d.call('POST', '/v1/keys', { auth: `Bearer ${token}`, body: { label: 'ci' } })).status).toBe(201);

        // A valid token for a team PostgreSQL does not have (the SQLite file's root team): the 401 says so.
        const sqliteRoot = sqliteTeams(dataDir)[0];
        expect(inPg).not.toContain(sqliteRoot);
        const stray = await d.call('GET', '/v1/team', { auth: `Bearer ${await mintIdToken(dataDir, sqliteRoot)}` });
        expect(stray.status).toBe(401);
        expect(stray.body.error.code).toBe('UNAUTHORIZED');
        expect(stray.body.error.message).toMatch(new RegExp(`valid but names team ${sqliteRoot}, which this server's database does not have`));
        // A token that is not valid keeps the old answer.
        const bad = await d.call('GET', '/v1/team', { auth: 'Bearer not.a.token' });
        expect(bad.body.error.message).toMatch(/invalid or expired/);
      } finally {
        await d.stop();
      }

      // A team that exists nowhere: exit 3, naming the PostgreSQL database (no password in the message).
      const missing = await runCli(['auth', 'token', '--team', 'team_nope', '--data-dir', dataDir], { env: h.env });
      expect(missing.code).toBe(3);
      expect(missing.stderr).toMatch(/no team team_nope in the PostgreSQL database clipper_\w+ on 127\.0\.0\.1:\d+/);
      expect(missing.stderr).not.toContain('clipper-test@');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('CLIPPER_DATABASE_URL selects PostgreSQL for the commands too, and the CLI\'s owner token names its root team', async () => {
    const url = await pg.createDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'clipper-pg-admin-env-'));
    const env = { ...h.env, CLIPPER_DATABASE_URL: url };
    try {
      const created = await runCli(['admin', 'teams', 'create', '--name', 'Beta', '--data-dir', dataDir, '--json'], { env });
      expect(created.code, created.stderr).toBe(0);
      const beta = (JSON.parse(created.stdout) as { id: string }).id;
      expect(await teamsIn(url)).toContain(beta);
      const minted = await runCli(['auth', 'token', '--team', beta, '--data-dir', dataDir, '--json'], { env });
      expect(minted.code, minted.stderr).toBe(0);
      // Without the variable, the same data dir is the SQLite deployment, which has no such team.
      const without = await runCli(['auth', 'token', '--team', beta, '--data-dir', dataDir], { env: h.env });
      expect(without.code).toBe(3);
      expect(without.stderr).toContain(join(dataDir, 'clipper.db'));

      const d = await startTestDaemon({ dataDir, settings: { database: { url } } });
      try {
        expect((await teamsIn(url))[0]).toBe(d.rootTeamId);
        const ping = await runCli(['ping', '--json'], { env: { ...env, CLIPPER_DATA_DIR: dataDir, CLIPPER_BASE_URL: d.url } });
        expect(ping.code, ping.stderr).toBe(0);
        expect(JSON.parse(ping.stdout)).toMatchObject({ team_id: d.rootTeamId });
      } finally {
        await d.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
