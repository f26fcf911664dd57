import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../daemon/clock.js';
import { postgresStore } from '../../daemon/store/postgres/index.js';
import pgDriver from 'pg';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { makeClip, postRow, T0 } from './fixtures.js';
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

// Issue 21, item 3: several processes on one database, each with its own pool and its own
// LISTEN connection, as `daemon run --role api|worker` makes them.
describe('several processes on one PostgreSQL database', () => {
  const pair = async () => {
    const url = await pg.createDatabase(template);
    const clock = new ManualClock(T0);
    return [await postgresStore(url, clock, { poolSize: 4 }), await postgresStore(url, clock, { poolSize: 4 })] as const;
  };

  it('an enqueue or an event in one wakes the listeners of the other, after commit', async () => {
    const [a, b] = await pair();
    try {
      let tasks = 0;
      let events = 0;
      b.tasks.onEnqueue(() => tasks++);
      b.events.onAppend(() => events++);
      await new Promise((r) => setTimeout(r, 200)); // b's LISTEN connection is up
      const team = await a.teams.create('t', T0);
      await a.transaction(async () => {
        await a.tasks.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id, runAt: T0 }, T0);
        await a.events.emit('post.published', { post_id: 'p', clip_id: 'c', platform: 'short_video', team_id: team.id, published_url: 'https://x' });
        await new Promise((r) => setTimeout(r, 100));
        expect([tasks, events]).toEqual([0, 0]);
      });
      await vi.waitFor(() => expect([tasks, events]).toEqual([1, 1]));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts one rate window across both, and moves a due post once', async () => {
    const [a, b] = await pair();
    try {
      const take = (s: typeof a) => s.rateCounters.takeAll([{ key: 'req:team', start: T0, end: T0 + 60_000, limit: 60 }]);
      const results = await Promise.all(Array.from({ length: 45 }, () => take(a)).concat(Array.from({ length: 45 }, () => take(b))));
      expect(results.filter((x) => 'counts' in x)).toHaveLength(60);
      const { team, clipId } = await makeClip(a, T0);
      const post = postRow(team.id, clipId, T0, { status: 'scheduled', scheduled_at: T0 });
      await a.posts.insert(post);
      const moved = await Promise.all([a, b, a, b].map((s) => s.posts.transition(post.id, ['scheduled'], 'queued', T0 + 1)));
      expect(moved.filter(Boolean)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('listens again after its LISTEN connection is cut, and looks once for what it missed', async () => {
    const url = await pg.createDatabase(template);
    const [a, b] = [await postgresStore(url, new ManualClock(T0)), await postgresStore(url, new ManualClock(T0))];
    const admin = new pgDriver.Client({ connectionString: url });
    await admin.connect();
    try {
      let tasks = 0;
      b.tasks.onEnqueue(() => tasks++);
      const listeners = async () => (await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()")).rows.map((r) => r.pid);
      const [pid] = await vi.waitFor(async () => {
        const pids = await listeners();
        expect(pids).toHaveLength(1);
        return pids;
      });
      await a.tasks.enqueue({ kind: 'k', resourceId: 'before', teamId: 't', runAt: T0 }, T0);
      await vi.waitFor(() => expect(tasks).toBe(1));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // Reconnected (about a second later): one wake-up for whatever came meanwhile, then NOTIFYs again.
      await vi.waitFor(async () => expect((await listeners()).filter((p) => p !== pid)).toHaveLength(1), { timeout: 10_000 });
      await vi.waitFor(() => expect(tasks).toBe(2));
      await a.tasks.enqueue({ kind: 'k', resourceId: 'after', teamId: 't', runAt: T0 }, T0);
      await vi.waitFor(() => expect(tasks).toBe(3));
    } finally {
      await admin.end();
      await a.close();
      await b.close();
    }
  });
});
