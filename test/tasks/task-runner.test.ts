import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../daemon/store/db.js';
import { ManualClock } from '../../daemon/clock.js';
import { silentLogger } from '../../daemon/log.js';
import { PermanentTaskError, TaskRunner, type TaskHandler } from '../../daemon/tasks/task-runner.js';
import { sqliteStore } from '../../daemon/store/index.js';
import { newLeaseOwner, ownerIsDead } from '../../daemon/tasks/owner.js';

async function setup() {
  const file = join(mkdtempSync(join(tmpdir(), 'clipper-tasks-')), 'db.sqlite');
  const db = openDb(file);
  const clock = new ManualClock(1_000_000);
  const store = sqliteStore(db, clock);
  const team = await store.teams.create('t', clock.now());
  const runner = new TaskRunner(store, clock, silentLogger, { leaseMs: 60_000, pollMs: 500 });
  return { file, db, clock, team, runner, store };
}

function handler(kind: string, run: TaskHandler['run'], gaveUp: string[] = [], maxAttempts = 3): TaskHandler {
  return { kind, concurrency: 1, maxAttempts, retryDelayMs: (n) => n * 1000, run, onGiveUp: async (t, e) => void gaveUp.push(`${t.resource_id}:${e.message}`) };
}

describe('TaskRunner', () => {
  it('runs an enqueued task once and marks it done', async () => {
    const { runner, team } = await setup();
    const seen: string[] = [];
    runner.register(handler('k', async (t) => void seen.push(t.resource_id)));
    await runner.enqueue({ kind: 'k', resourceId: 'r1', teamId: team.id });
    await runner.processAll();
    await runner.processAll();
    expect(seen).toEqual(['r1']);
    expect(await runner.repo.active('k', 'r1')).toBeUndefined();
  });

  it('keeps at most one active task per kind and resource', async () => {
    const { runner, team } = await setup();
    runner.register(handler('k', async () => {}));
    const a = await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    const b = await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    expect(b.id).toBe(a.id);
  });

  it('retries a failing task after its delay, a bounded number of times, then gives up', async () => {
    const { runner, team, clock } = await setup();
    const gaveUp: string[] = [];
    let calls = 0;
    runner.register(handler('k', async () => { calls++; throw new Error(`boom ${calls}`); }, gaveUp, 3));
    await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    await runner.processAll();
    expect(calls).toBe(1);
    await runner.processAll(); // not due yet
    expect(calls).toBe(1);
    clock.advance(1000);
    await runner.processAll();
    expect(calls).toBe(2);
    clock.advance(2000);
    await runner.processAll();
    expect(calls).toBe(3);
    expect(gaveUp).toEqual(['r:boom 3']);
    clock.advance(60_000);
    await runner.processAll();
    expect(calls).toBe(3);
  });

  it('gives up at once on a permanent error', async () => {
    const { runner, team } = await setup();
    const gaveUp: string[] = [];
    runner.register(handler('k', async () => { throw new PermanentTaskError('bad media'); }, gaveUp));
    await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    await runner.processAll();
    expect(gaveUp).toEqual(['r:bad media']);
  });

  // Issue 27, item 1: onGiveUp is awaited inside the failing transaction; one that throws after
  // an await rolls its writes back, the task still ends failed, and no rejection is left over
  // (an unhandled one ends a Node 20 daemon).
  it('awaits a give-up that then throws: its writes roll back, the task ends failed, the daemon stays up', async () => {
    const { runner, team, store, db } = await setup();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const steps: string[] = [];
      runner.register({
        kind: 'k', concurrency: 1, maxAttempts: 1,
        run: async () => { throw new PermanentTaskError('bad media'); },
        onGiveUp: async (t) => {
          await new Promise((r) => setTimeout(r, 5));
          await store.teams.create(`gave-up-${t.resource_id}`, 1);
          steps.push('wrote');
          throw new Error('give-up broke');
        },
      });
      const task = await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
      await runner.start(); // as the daemon runs it: nothing awaits the task's promise
      await vi.waitFor(async () => expect((await store.tasks.get(task.id))?.status).toBe('failed'), { timeout: 5000 });
      await runner.stop();
      await new Promise((r) => setTimeout(r, 20));
      expect(steps).toEqual(['wrote']);
      expect((await store.tasks.get(task.id))?.last_error).toBe('bad media');
      // The give-up's write ran inside the transaction that failed the task, and rolled back with it.
      expect((db.prepare('SELECT name FROM teams').all() as Array<{ name: string }>).map((r) => r.name)).toEqual(['t']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('after a crash, a new runner releases the stale lease and runs the task again', async () => {
    const { file, runner, team, clock } = await setup();
    runner.register(handler('k', async () => {}));
    await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    // Simulate a process that claimed the task and died: an owner id of this machine whose
    // holder no longer runs (issue 21: only a dead or lapsed lease is taken back).
    const claimed = await runner.repo.claim(['k'], newLeaseOwner().id, clock.now(), 60_000);
    expect(claimed?.status).toBe('running');
    const db2 = openDb(file);
    const runner2 = new TaskRunner(sqliteStore(db2, clock), clock, silentLogger, { leaseMs: 60_000, pollMs: 500 });
    const seen: number[] = [];
    runner2.register(handler('k', async (t) => void seen.push(t.attempts)));
    await runner2.start();
    await runner2.processAll();
    await runner2.stop();
    expect(seen).toEqual([2]);
  });

  // Issue 21, item 3: several workers share one queue; a live worker's lease is never taken.
  it('leaves a task another live runner holds alone until its lease lapses', async () => {
    const { file, runner, team, clock } = await setup();
    runner.register(handler('k', async () => {}));
    await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    // Held by a live process of this machine (the test's parent: it outlives the test).
    const other = newLeaseOwner(process.ppid).id;
    await runner.repo.claim(['k'], other, clock.now(), 60_000);
    const runner2 = new TaskRunner(sqliteStore(openDb(file), clock), clock, silentLogger, { leaseMs: 60_000, pollMs: 500 });
    const seen: number[] = [];
    runner2.register(handler('k', async (t) => void seen.push(t.attempts)));
    await runner2.start();
    await runner2.processAll();
    expect(seen).toEqual([]);
    clock.advance(60_001); // no heartbeat for a whole lease: taken back
    await runner2.processAll();
    await runner2.stop();
    expect(seen).toEqual([2]);
  });

  it('hands the leases of its tasks in flight back when stopped, so another runner resumes them at once', async () => {
    const { file, runner, team, clock } = await setup();
    const started: number[] = [];
    runner.register(handler('k', (t, ctl) => new Promise<void>((_, reject) => {
      started.push(t.attempts);
      ctl.signal.addEventListener('abort', () => reject(ctl.signal.reason as Error));
    })));
    const task = await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    await runner.start();
    await vi.waitFor(() => expect(started).toEqual([1]));
    await runner.stop();
    // Back to pending with no owner: not a failure, not a lease left to lapse or to be found dead.
    expect(await runner.repo.get(task.id)).toMatchObject({ status: 'pending', lease_owner: null, lease_expires_at: null, attempts: 1, last_error: null });
    const runner2 = new TaskRunner(sqliteStore(openDb(file), clock), clock, silentLogger, { leaseMs: 60_000, pollMs: 500 });
    const seen: number[] = [];
    runner2.register(handler('k', async (t) => void seen.push(t.attempts)));
    await runner2.processAll();
    expect(seen).toEqual([2]);
  });

  it('tells a dead process of this machine from a live one, and leaves other machines to their leases', async () => {
    const { spawnSync } = await import('node:child_process');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(ownerIsDead(newLeaseOwner(gone).id)).toBe(true);
    expect(ownerIsDead(newLeaseOwner(process.ppid).id)).toBe(false);
    expect(ownerIsDead(`elsewhere.${gone}.abc`)).toBe(false);
    const mine = newLeaseOwner();
    expect(ownerIsDead(mine.id)).toBe(true); // this pid, but no running runner holds it
  });

  it('renews the lease while a task outlasts it, so a second runner on the same queue never takes it', async () => {
    const { systemClock } = await import('../../daemon/clock.js');
    const file = join(mkdtempSync(join(tmpdir(), 'clipper-tasks-')), 'db.sqlite');
    const one = sqliteStore(openDb(file), systemClock);
    const team = await one.teams.create('t', Date.now());
    const opts = { leaseMs: 1500, pollMs: 50, recoverMs: 100 };
    const runs: string[] = [];
    const slow = (name: string) => handler('k', async () => {
      runs.push(name);
      await new Promise((r) => setTimeout(r, 3500)); // more than two leases
    });
    const a = new TaskRunner(one, systemClock, silentLogger, opts);
    const b = new TaskRunner(sqliteStore(openDb(file), systemClock), systemClock, silentLogger, opts);
    a.register(slow('a'));
    b.register(slow('b'));
    await a.start();
    const task = await a.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    await vi.waitFor(() => expect(runs).toEqual(['a']));
    await b.start(); // looks for lapsed leases every 100 ms meanwhile
    await vi.waitFor(async () => expect((await a.repo.active('k', 'r'))).toBeUndefined(), { timeout: 10_000 });
    await a.stop();
    await b.stop();
    expect(runs).toEqual(['a']);
    expect(await one.tasks.get(task.id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});
