import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../daemon/clock.js';
import { openDb } from '../../daemon/store/db.js';
import { sqliteStore } from '../../daemon/store/index.js';
import { postgresStore } from '../../daemon/store/postgres/index.js';
import { DatabaseUnavailableError } from '../../daemon/store/unavailable.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { T0 } from './fixtures.js';

// The readiness check of the store: `ping()` answers when the database does, and rejects with a
// DatabaseUnavailableError (never hangs) when it does not: a held SQLite lock, a paused server.
describe('store.ping()', () => {
  it('SQLite: answers, and rejects while a transaction holds the database past the timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clipper-ping-'));
    const store = sqliteStore(openDb(join(dir, 'db.sqlite')), new ManualClock(T0));
    try {
      await store.ping();
      let release!: () => void;
      const held = store.transaction(() => new Promise<void>((r) => (release = r)));
      await expect(store.ping(200)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      release();
      await held;
      await store.ping();
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('PostgreSQL', () => {
    let pg: TestPostgres;
    beforeAll(async () => {
      pg = await startPostgres();
    });
    afterAll(async () => {
      await pg?.stop();
    });

    it('answers, rejects while the server is paused, and answers again once it is woken', async () => {
      const store = await postgresStore(await pg.createDatabase(), new ManualClock(T0), { poolSize: 2 });
      try {
        await store.ping();
        const resume = pg.pause();
        try {
          await expect(store.ping(500)).rejects.toBeInstanceOf(DatabaseUnavailableError);
        } finally {
          resume();
        }
        await expect.poll(async () => await store.ping().then(() => true, () => false), { timeout: 30_000 }).toBe(true);
      } finally {
        await store.close();
      }
    });
  });
});
