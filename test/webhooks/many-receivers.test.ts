import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { TestReceiver } from './receiver.js';
import { deliveries, register, trigger } from './helpers.js';

let d: TestDaemon;
let rx: TestReceiver;
beforeAll(async () => {
  // Workers running on their own (not processAll): this is about concurrency. Default 30 s timeout.
  d = await startTestDaemon({ workers: true, settings: { limits: { requests_per_minute: 100_000 } } });
  rx = await new TestReceiver((req) => (req.path === '/dead' ? 'hang' : 200)).start();
});
afterAll(async () => {
  await d.stop();
  await rx.close();
});

describe('a dead receiver among 100 registrations', () => {
  it('delays no one else: the other 99 get every event while the dead one hangs', async () => {
    const auth = `Bearer ${await d.token()}`;
    // The dead one first, so its deliveries are always first in line.
    const dead = await register(d, auth, { url: `${rx.url}/dead`, events: ['*'] });
    const live: string[] = [];
    for (let i = 0; i < 99; i++) live.push((await register(d, auth, { url: `${rx.url}/live/${i}`, events: ['*'] })).id);
    const events = [];
    for (let i = 0; i < 6; i++) events.push((await trigger(d, auth, 'asset.analysis.progress')).id);

    await rx.until(() => rx.requests.filter((r) => r.path.startsWith('/live/')).length >= 99 * events.length, 'the 99 live receivers');
    // Every live registration got every event, exactly once...
    for (let i = 0; i < 99; i++) expect(rx.on(`/live/${i}`).map((r) => r.body.id).sort(), `receiver ${i}`).toEqual([...events].sort());
    // ...while the dead one still holds its requests unanswered: only its own bound of them.
    expect(rx.on('/dead')).toHaveLength(4);
    expect(rx.heldCount).toBe(4);
    // And the API answers meanwhile.
    expect((await d.call('GET', '/v1/ping', { auth })).status).toBe(200);
    const deadList = await deliveries(d, auth, dead.id);
    expect(deadList.filter((x) => x.status === 'delivering')).toHaveLength(4);
    expect(deadList.filter((x) => x.status === 'pending')).toHaveLength(2);
    expect((await deliveries(d, auth, live[42])).every((x) => x.status === 'delivered' && x.attempts === 1)).toBe(true);
  });
});
