import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../daemon/clock.js';
import { openDb } from '../../daemon/store/db.js';
import { sqliteStore } from '../../daemon/store/index.js';
import { T0 } from './fixtures.js';
import { storeContract } from './store-contract.js';

// The embedded store: a fresh SQLite file per case, migrated by openDb.
storeContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-store-'));
  const clock = new ManualClock(T0);
  const store = sqliteStore(openDb(join(dir, 'clipper.db')), clock);
  return {
    store,
    clock,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
