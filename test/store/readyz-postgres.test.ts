import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

// GET /readyz reports a database that stops answering (PostgreSQL paused with SIGSTOP, not
// killed) as down with 503, and ok again by itself once it answers; /healthz stays 200.
describe('GET /readyz with PostgreSQL paused', () => {
  let pg: TestPostgres;
  let d: TestDaemon;
  beforeAll(async () => {
    pg = await startPostgres();
    d = await startTestDaemon({ settings: { database: { url: await pg.createDatabase() } } });
  }, 120_000);
  afterAll(async () => {
    await d?.stop();
    await pg?.stop();
  });

  it('says database down while paused, ok again after SIGCONT', async () => {
    expect(await d.call('GET', '/readyz')).toMatchObject({ status: 200, body: { checks: { database: 'ok', objects: 'ok' } } });
    const resume = pg.pause();
    try {
      expect(await d.call('GET', '/readyz')).toMatchObject({ status: 503, body: { checks: { database: 'down', objects: 'ok' } } });
      expect((await d.call('GET', '/healthz')).status).toBe(200);
    } finally {
      resume();
    }
    expect(await d.call('GET', '/readyz')).toMatchObject({ status: 200, body: { checks: { database: 'ok', objects: 'ok' } } });
  }, 60_000);
});
