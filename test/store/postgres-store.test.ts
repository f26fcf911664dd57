import { afterAll, beforeAll } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { postgresStore } from '../../daemon/store/postgres/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { T0 } from './fixtures.js';
import { storeContract } from './store-contract.js';

// The hosted store (issue 21, item 1): the same contract as SQLite, against a real PostgreSQL
// server started for this file. Each case gets a fresh database copied from one that the
// migrations ran on once.
let pg: TestPostgres;
let template: string;

beforeAll(async () => {
  pg = await startPostgres();
  const url = await pg.createDatabase();
  const migrated = await postgresStore(url, new ManualClock(T0));
  await migrated.close();
  template = new URL(url).pathname.slice(1);
});

afterAll(async () => {
  await pg?.stop();
});

storeContract('PostgreSQL', async () => {
  const clock = new ManualClock(T0);
  const store = await postgresStore(await pg.createDatabase(template), clock, { poolSize: 4 });
  return { store, clock, cleanup: async () => await store.close() };
});
