import { describe, expect, it, vi } from 'vitest';
import { makeTeam, T0, type Current } from './fixtures.js';
import { ManualClock } from '../../daemon/clock.js';
import { RateLimiter, RateLimitedError } from '../../daemon/server/rate-limit.js';
import { SharedRateCounter } from '../../daemon/server/rate-counter.js';
import { ApiError } from '../../src/api/errors.js';
import { LeaseLostError } from '../../daemon/store/lease-fence.js';
import { RATE_LIMITS } from '../../src/api/limits.js';

// Contract cases of the durable task queue (leases, at most one active task per kind and
// resource) and of the event log (ordered by seq, one team or all, wake-ups on append).

export function tasksEventsContract(h: Current) {
  describe('tasks', () => {
    const enqueue = async (kind: string, resourceId: string, runAt: number, extra: { payload?: unknown; maxAttempts?: number } = {}) =>
      await h().store.tasks.enqueue({ kind, resourceId, teamId: 'team_x', runAt, ...extra }, T0);

    it('enqueues a pending task, at most one active per kind and resource', async () => {
      const { store } = h();
      const t = await enqueue('render', 'clip_a', T0 + 5, { payload: { w: 1 } });
      expect(t).toMatchObject({ kind: 'render', resource_id: 'clip_a', team_id: 'team_x', status: 'pending', attempts: 0, max_attempts: 3, run_at: T0 + 5, lease_owner: null, lease_expires_at: null, last_error: null, created_at: T0, updated_at: T0 });
      expect(JSON.parse(t.payload)).toEqual({ w: 1 });
      expect(await store.tasks.get(t.id)).toEqual(t);
      expect(await store.tasks.active('render', 'clip_a')).toEqual(t);
      // The active task comes back unchanged: the new run time and payload are ignored.
      expect(await enqueue('render', 'clip_a', T0 + 99, { payload: { w: 2 } })).toEqual(t);
      expect(await enqueue('render', 'clip_b', T0, { maxAttempts: 7 })).toMatchObject({ resource_id: 'clip_b', max_attempts: 7, payload: '{}' });
      expect((await enqueue('publish', 'clip_a', T0)).id).not.toBe(t.id);
      expect(await store.tasks.active('render', 'clip_c')).toBeUndefined();
    });

    it('claims the earliest due task of the given kinds with a lease, once', async () => {
      const { store } = h();
      const late = await enqueue('render', 'b', T0 + 20);
      const early = await enqueue('render', 'a', T0 + 10);
      await enqueue('publish', 'c', T0);
      expect(await store.tasks.claim(['render'], 'w1', T0 + 9, 1000)).toBeUndefined();
      expect(await store.tasks.claim([], 'w1', T0 + 99, 1000)).toBeUndefined();
      const claimed = await store.tasks.claim(['render', 'other'], 'w1', T0 + 30, 1000);
      expect(claimed).toMatchObject({ id: early.id, status: 'running', attempts: 1, lease_owner: 'w1', lease_expires_at: T0 + 1030, updated_at: T0 + 30 });
      expect((await store.tasks.claim(['render'], 'w2', T0 + 30, 1000))?.id).toBe(late.id);
      expect(await store.tasks.claim(['render'], 'w2', T0 + 30, 1000)).toBeUndefined();
      // A running task is still the active one.
      expect((await enqueue('render', 'a', T0)).id).toBe(early.id);
    });

    // Issue 21: on PostgreSQL these calls run on separate pooled connections at the same time,
    // as the API processes and workers of a deployment do.
    it('leases each task to one claimer and makes one task of simultaneous enqueues', async () => {
      const { store } = h();
      const made = await Promise.all(Array.from({ length: 6 }, () => enqueue('render', 'same', T0)));
      expect(new Set(made.map((t) => t.id)).size).toBe(1);
      for (const r of ['a', 'b', 'c']) await enqueue('render', r, T0);
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => store.tasks.claim(['render'], `w${i}`, T0 + 1, 1000)));
      const won = claims.filter((t) => t !== undefined).map((t) => t.id);
      expect(won).toHaveLength(4);
      expect(new Set(won).size).toBe(4);
    });

    it('lets only the lease owner heartbeat, finish or retry a running task, and only in the attempt it holds', async () => {
      const { store } = h();
      const t = await enqueue('render', 'a', T0);
      await store.tasks.claim(['render'], 'w1', T0, 1000);
      const w1 = { id: t.id, owner: 'w1', attempt: 1 };
      expect(await store.tasks.heartbeat({ ...w1, owner: 'w2' }, T0 + 5000)).toBe(false);
      expect(await store.tasks.heartbeat(w1, T0 + 5000)).toBe(true);
      expect((await store.tasks.get(t.id))?.lease_expires_at).toBe(T0 + 5000);
      expect(await store.tasks.finish({ ...w1, owner: 'w2' }, 'done', null, T0 + 1)).toBe(false);
      expect(await store.tasks.retryLater({ ...w1, owner: 'w2' }, T0 + 10, 'nope', T0 + 1)).toBe(false);
      expect(await store.tasks.retryLater(w1, T0 + 100, 'flaky', T0 + 2)).toBe(true);
      expect(await store.tasks.get(t.id)).toMatchObject({ status: 'pending', run_at: T0 + 100, last_error: 'flaky', lease_owner: null, lease_expires_at: null, attempts: 1 });
      expect(await store.tasks.heartbeat(w1, T0 + 9000)).toBe(false);
      expect(await store.tasks.claim(['render'], 'w1', T0 + 99, 1000)).toBeUndefined();
      expect((await store.tasks.claim(['render'], 'w1', T0 + 100, 1000))?.attempts).toBe(2);
      // The same worker's first attempt holds nothing once its second one runs.
      expect(await store.tasks.heartbeat(w1, T0 + 9000)).toBe(false);
      expect(await store.tasks.finish(w1, 'done', null, T0 + 101)).toBe(false);
      const second = { ...w1, attempt: 2 };
      expect(await store.tasks.finish(second, 'failed', 'gave up', T0 + 101)).toBe(true);
      expect(await store.tasks.finish(second, 'done', null, T0 + 102)).toBe(false);
      expect(await store.tasks.get(t.id)).toMatchObject({ status: 'failed', last_error: 'gave up', lease_owner: null, updated_at: T0 + 101 });
      expect(await store.tasks.active('render', 'a')).toBeUndefined();
      expect((await enqueue('render', 'a', T0)).id).not.toBe(t.id);
    });

    it("refuses a task's writes through its fenced store once it no longer holds its lease", async () => {
      const { store } = h();
      const t = await enqueue('render', 'a', T0);
      await store.tasks.claim(['render'], 'w1', T0, 1000);
      const mine = store.fenced({ id: t.id, owner: 'w1', attempt: 1 });
      const add = (s: typeof store, resourceId: string) => s.tasks.enqueue({ kind: 'post', resourceId, teamId: 'team_x', runAt: T0 }, T0);
      await add(mine, 'b');
      await mine.transaction(async (tx) => await add(tx, 'c'));
      // The lease lapses and another worker takes the task: the first one's writes are refused, reads still answer.
      expect(await store.tasks.releaseLeases(T0 + 2000, [])).toBe(1);
      await store.tasks.claim(['render'], 'w2', T0 + 2000, 1000);
      await expect(add(mine, 'd')).rejects.toBeInstanceOf(LeaseLostError);
      await expect(mine.transaction(async (tx) => await add(tx, 'e'))).rejects.toBeInstanceOf(LeaseLostError);
      expect((await mine.tasks.get(t.id))?.lease_owner).toBe('w2');
      await add(store.fenced({ id: t.id, owner: 'w2', attempt: 2 }), 'f');
      const kept = await Promise.all(['b', 'c', 'd', 'e', 'f'].map(async (r) => !!(await store.tasks.active('post', r))));
      expect(kept).toEqual([true, true, false, false, true]);
    });

    it('cancels a pending task only', async () => {
      const { store } = h();
      const running = await enqueue('publish', 'p1', T0);
      const pending = await enqueue('publish', 'p2', T0 + 1);
      await store.tasks.claim(['publish'], 'w1', T0, 1000);
      expect(await store.tasks.cancelPending('publish', 'p2', T0 + 2)).toBe(true);
      expect(await store.tasks.get(pending.id)).toMatchObject({ status: 'cancelled', updated_at: T0 + 2 });
      expect(await store.tasks.active('publish', 'p2')).toBeUndefined();
      expect(await store.tasks.cancelPending('publish', 'p1', T0 + 2)).toBe(false);
      expect((await store.tasks.get(running.id))?.status).toBe('running');
      expect(await store.tasks.cancelPending('publish', 'p2', T0 + 3)).toBe(false);
    });

    // Issue 21, item 3: a live lease of another worker is never taken; only a lapsed one, or one
    // whose owner the runner found dead (task-runner.ts, owner.ts).
    it('puts back running tasks whose lease ran out or whose owner is named dead, and no other', async () => {
      const { store } = h();
      const expired = await enqueue('k', 'a', T0);
      const dead = await enqueue('k', 'b', T0 + 1);
      const live = await enqueue('k', 'c', T0 + 2);
      await store.tasks.claim(['k'], 'scope.1.me', T0, 10);
      await store.tasks.claim(['k'], 'scope.2.dead', T0 + 5, 10_000);
      await store.tasks.claim(['k'], 'other_x.3.live', T0 + 5, 10_000);
      expect(await store.tasks.releaseLeases(T0 + 10, [])).toBe(0); // lease_expires_at T0 + 10 is not yet past
      expect((await store.tasks.leaseOwners('scope.')).sort()).toEqual(['scope.1.me', 'scope.2.dead']);
      expect(await store.tasks.leaseOwners('other_')).toEqual(['other_x.3.live']);
      expect(await store.tasks.leaseOwners('other%')).toEqual([]); // a prefix, not a pattern
      expect(await store.tasks.releaseLeases(T0 + 11, ['scope.2.dead'])).toBe(2);
      expect(await store.tasks.get(expired.id)).toMatchObject({ status: 'pending', lease_owner: null, lease_expires_at: null, attempts: 1 });
      expect(await store.tasks.get(dead.id)).toMatchObject({ status: 'pending', lease_owner: null });
      expect(await store.tasks.get(live.id)).toMatchObject({ status: 'running', lease_owner: 'other_x.3.live' });
      expect(await store.tasks.releaseLeases(T0 + 11, ['scope.2.dead'])).toBe(0);
      expect(await store.tasks.leaseOwners('scope.')).toEqual([]);
    });

    it('wakes onEnqueue listeners once the enqueue commits', async () => {
      const { store } = h();
      let calls = 0;
      const off = store.tasks.onEnqueue(() => calls++);
      await store.transaction(async () => {
        await enqueue('k', 'w1', T0);
        await new Promise((r) => setTimeout(r, 20));
        expect(calls).toBe(0); // not inside the transaction
      });
      await vi.waitFor(() => expect(calls).toBe(1));
      await store.transaction(async () => {
        await enqueue('k', 'w2', T0);
        throw new Error('rolled back');
      }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      expect(calls).toBe(1); // a rolled-back enqueue wakes nobody
      off();
      await enqueue('k', 'w3', T0);
      await new Promise((r) => setTimeout(r, 50));
      expect(calls).toBe(1);
    });

    it('tells when the next pending task of some kinds is due', async () => {
      const { store } = h();
      // No pending task: SQLite answers null, not the declared undefined; nothing reads it yet.
      expect(await store.tasks.nextRunAt(['k']) ?? undefined).toBeUndefined();
      await enqueue('k', 'a', T0 + 50);
      await enqueue('k', 'b', T0 + 20);
      await enqueue('other', 'c', T0 + 1);
      expect(await store.tasks.nextRunAt(['k'])).toBe(T0 + 20);
      expect(await store.tasks.nextRunAt(['k', 'other'])).toBe(T0 + 1);
      expect(await store.tasks.nextRunAt([])).toBeUndefined();
      await store.tasks.claim(['k'], 'w', T0 + 20, 1000);
      expect(await store.tasks.nextRunAt(['k'])).toBe(T0 + 50);
    });
  });

  describe('events', () => {
    it('logs events stamped by the clock and reads them forward by seq, for one team or all', async () => {
      const { store, clock } = h();
      const a = await makeTeam(store, T0, 'a');
      const b = await makeTeam(store, T0, 'b');
      clock.set(T0 + 7);
      const first = await store.events.emit('project.render.started', { project_id: 'clip_1', team_id: a.id });
      expect(first).toEqual({ id: first.id, type: 'project.render.started', created: T0 + 7, data: { project_id: 'clip_1', team_id: a.id } });
      expect(first.id).toMatch(/^evt_/);
      await store.events.emit('project.render.progress', { project_id: 'clip_2', team_id: b.id, progress: 0.5 });
      await store.events.emit('project.render.failed', { project_id: 'clip_1', team_id: a.id, error: 'x' });
      const all = await store.events.readAfter(0);
      expect(all.map((e) => e.type)).toEqual(['project.render.started', 'project.render.progress', 'project.render.failed']);
      expect(all[0]).toEqual({ ...first, seq: all[0].seq, team_id: a.id });
      expect(all[1].seq).toBeGreaterThan(all[0].seq);
      expect(all[2].seq).toBeGreaterThan(all[1].seq);
      expect((await store.events.readAfter(all[0].seq)).map((e) => e.seq)).toEqual([all[1].seq, all[2].seq]);
      expect((await store.events.readAfter(0, 2)).map((e) => e.seq)).toEqual([all[0].seq, all[1].seq]);
      expect((await store.events.readAfter(0, 100, a.id)).map((e) => e.seq)).toEqual([all[0].seq, all[2].seq]);
      expect(await store.events.readAfter(all[2].seq)).toEqual([]);
    });

    it('wakes listeners after an append, not during it, until they unsubscribe', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      let calls = 0;
      const off = store.events.onAppend(() => calls++);
      await store.events.emit('project.render.started', { project_id: 'c', team_id: team.id });
      expect(calls).toBe(0);
      await vi.waitFor(() => expect(calls).toBe(1));
      off();
      await store.events.emit('project.render.started', { project_id: 'c', team_id: team.id });
      await new Promise((r) => setTimeout(r, 50));
      expect(calls).toBe(1);
    });
  });

  // Issue 21, item 3: the spec's request rate counted in the store, across API processes.
  describe('rate counters', () => {
    const minute = (key: string, limit: number, start = T0) => ({ key, start, end: start + 60_000, limit });

    it('takes counts up to each limit, all of a call or none', async () => {
      const { store } = h();
      const r = store.rateCounters;
      expect(await r.takeAll([minute('a', 2)])).toEqual({ counts: [1] });
      expect(await r.takeAll([minute('a', 2)])).toEqual({ counts: [2] });
      expect(await r.takeAll([minute('a', 2)])).toEqual({ limited: 0 });
      expect(await r.count('a', T0)).toBe(2);
      // `b` is under its limit, `c` is at it: neither is counted.
      expect(await r.takeAll([minute('c', 1)])).toEqual({ counts: [1] });
      expect(await r.takeAll([minute('b', 5), minute('c', 1)])).toEqual({ limited: 1 });
      expect(await r.count('b', T0)).toBe(0);
      expect(await r.takeAll([minute('b', 5), minute('d', 1)])).toEqual({ counts: [1, 1] });
      // The next window starts from zero; another key is apart.
      expect(await r.takeAll([minute('a', 2, T0 + 60_000)])).toEqual({ counts: [1] });
      expect(await r.count('a', T0 + 60_000)).toBe(1);
      expect(await r.count('zz', T0)).toBe(0);
    });

    it('purges windows that ended', async () => {
      const { store } = h();
      const r = store.rateCounters;
      await r.takeAll([minute('a', 9)]);
      await r.takeAll([minute('a', 9, T0 + 60_000)]);
      expect(await r.purge(T0 + 59_999)).toBe(0);
      expect(await r.purge(T0 + 60_000)).toBe(1);
      expect(await r.count('a', T0)).toBe(0);
      expect(await r.count('a', T0 + 60_000)).toBe(1);
    });

    it('never lets simultaneous takes past the limit', async () => {
      const { store } = h();
      const results = await Promise.all(Array.from({ length: 25 }, () => store.rateCounters.takeAll([minute('team', 20)])));
      const counts = results.flatMap((x) => ('counts' in x ? x.counts : []));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(results.filter((x) => 'limited' in x)).toHaveLength(5);
    });

    // The limiter of a PostgreSQL deployment counts here (app.ts SharedRateCounter); the spec's
    // rules ("Request rate", "Status-check limits") hold on these counts as on the memory ones.
    const limiterOnStore = () => {
      const clock = new ManualClock(T0); // T0 is the start of an hour, so of a minute too
      const limiter = new RateLimiter(clock, undefined, new SharedRateCounter(h().store.rateCounters, () => clock.now(), () => undefined));
      return { clock, limiter };
    };
    const refusal = async (p: Promise<unknown>) => {
      const e = await p.then(() => undefined, (err: unknown) => err);
      return e instanceof RateLimitedError ? e.apiError : (e as ApiError | undefined);
    };

    it('gives the spec 60 requests a minute with their header state, then RATE_LIMITED until the window rolls', async () => {
      const { clock, limiter } = limiterOnStore();
      const reset = (T0 + 60_000) / 1000;
      for (let i = 1; i <= RATE_LIMITS.requestsPerMinute; i++) {
        expect(await limiter.hit('team_r')).toEqual({ limit: 60, remaining: 60 - i, resetSeconds: reset });
      }
      clock.advance(15_000);
      const e = await limiter.hit('team_r').then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(RateLimitedError);
      expect((e as RateLimitedError).state).toEqual({ limit: 60, remaining: 0, resetSeconds: reset });
      expect((e as RateLimitedError).apiError).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 45 });
      // Another root team has its own 60; the next minute starts from zero.
      expect(await limiter.hit('team_s')).toMatchObject({ remaining: 59 });
      clock.advance(45_000);
      expect(await limiter.hit('team_r')).toEqual({ limit: 60, remaining: 59, resetSeconds: reset + 60 });
    });

    it('holds the spec status-check limits: 6 per id and 30 per team a minute, 20 not-found an hour', async () => {
      const { clock, limiter } = limiterOnStore();
      for (let i = 0; i < RATE_LIMITS.statusChecksPerResource; i++) await limiter.statusCheck('team_q', 'clip_a');
      clock.advance(10_000);
      expect(await refusal(limiter.statusCheck('team_q', 'clip_a'))).toMatchObject({ code: 'STATUS_RATE_LIMITED', status: 429, details: { limit: 'per_id_per_minute' }, retryAfterSeconds: 50 });
      // The refused check did not count for the team: 24 more on other ids make the 30.
      for (let i = 0; i < 24; i++) await limiter.statusCheck('team_q', `clip_${i % 4}`);
      expect(await refusal(limiter.statusCheck('team_q', 'clip_new'))).toMatchObject({ code: 'STATUS_RATE_LIMITED', details: { limit: 'per_team_per_minute' }, retryAfterSeconds: 50 });
      // The id refused by the team's limit kept its own 6 for the next minute, which starts afresh.
      clock.advance(50_000);
      for (let i = 0; i < RATE_LIMITS.statusChecksPerResource; i++) await limiter.statusCheck('team_q', 'clip_new');

      // 20 not-found in the hour: every status check of the team is refused until the hour ends.
      for (let i = 0; i < RATE_LIMITS.notFoundPerHour - 1; i++) await limiter.recordNotFound('team_q');
      await limiter.statusCheck('team_q', 'clip_b');
      await limiter.recordNotFound('team_q');
      expect(await refusal(limiter.statusCheck('team_q', 'clip_c'))).toMatchObject({ code: 'STATUS_RATE_LIMITED', details: { limit: 'not_found_per_hour' }, retryAfterSeconds: 3540 });
      clock.advance(30 * 60_000);
      expect(await refusal(limiter.statusCheck('team_q', 'clip_c'))).toMatchObject({ details: { limit: 'not_found_per_hour' }, retryAfterSeconds: 1740 });
      // Not-found counts are the team's: another team checks freely; plain requests are not refused.
      await limiter.statusCheck('team_p', 'clip_c');
      expect(await limiter.hit('team_q')).toMatchObject({ remaining: 59 });
      clock.advance(29 * 60_000);
      await limiter.statusCheck('team_q', 'clip_c');
    });
  });
}
