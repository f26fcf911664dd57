import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../daemon/store/db.js';
import { ManualClock } from '../../daemon/clock.js';
import { createLogger } from '../../daemon/log.js';
import { TaskRunner, type TaskHandler } from '../../daemon/tasks/task-runner.js';
import { sqliteStore } from '../../daemon/store/index.js';
import { DatabaseUnavailableError } from '../../daemon/store/unavailable.js';

// The runner's side of the fence: an attempt whose lease another worker took writes nothing
// through its fenced store and stops without a retry or a failure recorded; a database that did
// not answer gives the attempt back. (Paused processes on PostgreSQL: test/scale/fencing.test.ts.)
async function setup() {
  const clock = new ManualClock(1_000_000);
  const store = sqliteStore(openDb(join(mkdtempSync(join(tmpdir(), 'clipper-fence-')), 'db.sqlite')), clock);
  const team = await store.teams.create('t', clock.now());
  const lines: string[] = [];
  const log = createLogger({ level: 'debug', format: 'json', write: (l) => lines.push(l) });
  const runner = new TaskRunner(store, clock, log, { leaseMs: 1000, pollMs: 500 });
  return { clock, store, team, runner, lines };
}

const handler = (run: TaskHandler['run']): TaskHandler => ({ kind: 'k', concurrency: 1, maxAttempts: 3, retryDelayMs: () => 1000, run, onGiveUp: async () => {} });

describe('task leases that fence', () => {
  it('refuses the writes of an attempt whose lease was taken over, and stops it quietly', async () => {
    const { clock, store, team, runner, lines } = await setup();
    let takenOver!: () => void;
    const wait = new Promise<void>((r) => (takenOver = r));
    let refused: unknown;
    runner.register(handler(async (task, ctl) => {
      await ctl.store.tasks.enqueue({ kind: 'side', resourceId: 'before', teamId: team.id, runAt: clock.now() }, clock.now());
      await wait; // paused here while the lease lapses and another worker claims the task
      await ctl.store.tasks.enqueue({ kind: 'side', resourceId: 'after', teamId: team.id, runAt: clock.now() }, clock.now()).catch((e: unknown) => {
        refused = e;
        throw e;
      });
    }));
    const task = await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    const done = runner.processAll();
    await expect.poll(async () => (await store.tasks.get(task.id))?.status).toBe('running');
    await expect.poll(async () => !!(await store.tasks.active('side', 'before'))).toBe(true);
    clock.advance(5000);
    expect(await store.tasks.releaseLeases(clock.now(), [])).toBe(1);
    expect((await store.tasks.claim(['k'], 'other-worker', clock.now(), 60_000))?.attempts).toBe(2);
    takenOver();
    await done;
    expect((refused as Error)?.name).toBe('LeaseLostError');
    expect(await store.tasks.active('side', 'after')).toBeUndefined();
    expect(await store.tasks.get(task.id)).toMatchObject({ status: 'running', lease_owner: 'other-worker', attempts: 2, last_error: null });
    const said = lines.map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(said.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
    expect(said.map((l) => l.msg)).toContain('task stopped: its lease was taken over, another attempt runs it');
  });

  it('gives the attempt back when the database did not answer', async () => {
    const { store, team, runner } = await setup();
    runner.register(handler(async () => {
      throw new DatabaseUnavailableError('statement');
    }));
    const task = await runner.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id });
    await runner.processAll();
    expect(await store.tasks.get(task.id)).toMatchObject({ status: 'pending', attempts: 0, lease_owner: null });
  });
});
