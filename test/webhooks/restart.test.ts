import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { ManualClock } from '../../daemon/clock.js';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { startTestDaemon } from '../helpers/daemon.js';
import { TestReceiver } from './receiver.js';
import { deliveries, register, trigger } from './helpers.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(reply: ConstructorParameters<typeof TestReceiver>[0]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'clipper-wh-restart-'));
  const rx = await new TestReceiver(reply).start();
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }), () => rx.close());
  return { dataDir, rx };
}

describe('webhook deliveries survive restarts (at-least-once)', () => {
  it('a delivery between retries still arrives from the next daemon on the same data dir', async () => {
    const { dataDir, rx } = await setup((_req, n) => (n <= 2 ? 503 : 200));
    const clock = new ManualClock();
    const d1 = await startTestDaemon({ dataDir, clock });
    const auth = `Bearer ${await d1.token()}`;
    const w = await register(d1, auth, { url: `${rx.url}/r`, events: ['*'] });
    const event = await trigger(d1, auth, 'asset.analysis.succeeded');
    await d1.processAll();
    clock.advance(1000);
    await d1.processAll();
    expect(rx.on('/r')).toHaveLength(2);
    // Logged but not yet fanned out when the daemon stops: must not be lost either.
    const unsent = await trigger(d1, auth, 'asset.analysis.progress');
    await d1.stop();

    const d2 = await startTestDaemon({ dataDir, clock });
    cleanup.push(() => d2.stop());
    await d2.processAll();
    // The new event goes out at once; the old one waits for the rest of its 2 s backoff.
    expect(rx.on('/r').map((r) => r.body.id)).toEqual([event.id, event.id, unsent.id]);
    clock.advance(2000);
    await d2.processAll();
    const byEvent = Object.fromEntries((await deliveries(d2, auth, w.id)).map((x) => [x.event_id, x]));
    expect(byEvent[event.id]).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(byEvent[unsent.id]).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(rx.on('/r')).toHaveLength(4);
  });

  it('a graceful stop hands an attempt in flight back, and the next daemon sends it at once', async () => {
    const { dataDir, rx } = await setup((_req, n) => (n === 1 ? 'hang' : 200));
    const clock = new ManualClock();
    const d1 = await startTestDaemon({ dataDir, clock });
    const auth = `Bearer ${await d1.token()}`;
    const w = await register(d1, auth, { url: `${rx.url}/g`, events: ['post.published'] });
    const event = await trigger(d1, auth, 'post.published');
    const draining = d1.processAll();
    await rx.until(() => rx.on('/g').length === 1);
    await d1.stop();
    await draining;

    const d2 = await startTestDaemon({ dataDir, clock });
    cleanup.push(() => d2.stop());
    await d2.processAll(); // no clock movement needed: the lease was released
    expect(rx.on('/g').map((r) => r.body.id)).toEqual([event.id, event.id]);
    expect((await deliveries(d2, auth, w.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('after kill -9 with a delivery leased, the next daemon sends it again once the lease runs out', async () => {
    const { dataDir, rx } = await setup((_req, n) => (n === 1 ? 'hang' : 200));
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'child-daemon.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanup.push(() => child.exitCode === null && child.kill('SIGKILL'));
    const [line] = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next().then((r) => [r.value as string]);
    const { url, teamId } = JSON.parse(line) as { url: string; teamId: string };
    const auth = `Bearer ${await mintIdToken(dataDir, teamId)}`;
    const call = async (path: string, body: unknown) => {
      const res = await request(url + path, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.body.json()) as any;
    };
    const w = await call('/v1/webhooks', { url: `${rx.url}/k`, events: ['*'] });
    const { event } = await call('/v1/webhooks/trigger', { type: 'project.render.succeeded' });
    await rx.until(() => rx.on('/k').length === 1, 'the first attempt');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    // The dead daemon's lease (timeout 30 s + margin) is still in the database.
    const clock = new ManualClock(Date.now());
    const d2 = await startTestDaemon({ dataDir, clock });
    cleanup.push(() => d2.stop());
    const leased = d2.app.db.prepare('SELECT status, lease_until FROM webhook_deliveries WHERE webhook_id = ?').get(w.id) as any;
    expect(leased.status).toBe('delivering');
    await d2.processAll();
    expect(rx.on('/k')).toHaveLength(1); // not while another process may still hold it
    clock.set(leased.lease_until);
    await d2.processAll();
    expect(rx.on('/k').map((r) => r.body.id)).toEqual([event.id, event.id]);
    expect((await deliveries(d2, auth, w.id))[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
  });
});
