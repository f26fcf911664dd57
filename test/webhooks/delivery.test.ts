import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { TestReceiver } from './receiver.js';
import { deliveries, freshTeam, independentSignatureCheck, register, trigger } from './helpers.js';
import { SPEC_EVENT_FIELDS } from '../helpers/spec-events.js';

let d: TestDaemon;
/** Only for the tests of an attempt that gets no answer: a short timeout, so they run quickly. */
let short: TestDaemon;
let rx: TestReceiver;
// Every other delivery here runs with the default 30 s timeout: on a loaded machine an answer
// can take longer than a short timeout, which would turn a 200 into a retry and break the counts.
// The short one is still wide enough for the second attempt's answer to come in time.
const SHORT_TIMEOUT_MS = 1500;
beforeAll(async () => {
  d = await startTestDaemon();
  short = await startTestDaemon({ settings: { webhooks: { timeout_ms: SHORT_TIMEOUT_MS } } });
  rx = await new TestReceiver((req, n) => {
    if (req.path.startsWith('/fail')) return 500;
    if (req.path.startsWith('/flaky')) return n <= 2 ? 503 : 200;
    if (req.path.startsWith('/gone')) return 410;
    if (req.path.startsWith('/busy')) return n === 1 ? 429 : 204;
    if (req.path.startsWith('/hang')) return n === 1 ? 'hang' : 200;
    return 200;
  }).start();
});
afterAll(async () => {
  await rx.close();
  await d.stop();
  await short.stop();
});

describe('webhook delivery (spec "Events", "Delivery")', () => {
  it('POSTs the envelope as signed, with both signature headers unless opted out', async () => {
    const { auth, teamId } = await freshTeam(d);
    const a = await register(d, auth, { url: `${rx.url}/sig-a`, events: ['post.published'] });
    const b = await register(d, auth, { url: `${rx.url}/sig-b`, events: ['*'], legacy_signature: false });
    const c = await register(d, auth, { url: `${rx.url}/sig-c`, events: ['post.failed'] });
    const stranger = await freshTeam(d);
    await register(d, stranger.auth, { url: `${rx.url}/sig-other-team`, events: ['*'] });
    const event = await trigger(d, auth, 'post.published');
    await d.processAll();

    const [got] = rx.on('/sig-a');
    expect(rx.on('/sig-a')).toHaveLength(1);
    expect(got.headers['content-type']).toBe('application/json');
    expect(Object.keys(got.body).sort()).toEqual(['created', 'data', 'id', 'type']);
    expect(got.body).toEqual({ id: event.id, type: 'post.published', created: event.created, data: event.data });
    expect(got.body.data.team_id).toBe(teamId);
    const check = independentSignatureCheck(String(got.headers['service-signature-256']), a.secret, got.raw);
    expect(check.valid).toBe(true);
    expect(check.t).toBe(Math.floor(d.clock.now() / 1000));
    expect(got.headers['service-signature']).toBe(a.secret);
    // The same bytes signed with another secret do not verify.
    expect(independentSignatureCheck(String(got.headers['service-signature-256']), b.secret, got.raw).valid).toBe(false);

    const [gotB] = rx.on('/sig-b');
    expect(gotB.headers['service-signature']).toBeUndefined();
    expect(independentSignatureCheck(String(gotB.headers['service-signature-256']), b.secret, gotB.raw).valid).toBe(true);
    expect(rx.on('/sig-c')).toHaveLength(0); // not subscribed to post.published
    expect(rx.on('/sig-other-team')).toHaveLength(0); // another team's registration

    const [rec] = await deliveries(d, auth, a.id);
    expect(rec).toMatchObject({ event_id: event.id, event_type: 'post.published', status: 'delivered', attempts: 1, last_status_code: 200, last_error: null });
    expect(await deliveries(d, auth, c.id)).toEqual([]);
  });

  it('retries failures waiting 1, 2, 4, 8 and 16 s, then marks the delivery failed and keeps it', async () => {
    const { auth } = await freshTeam(d);
    const fail = await register(d, auth, { url: `${rx.url}/fail-1`, events: ['asset.analysis.started'] });
    const flaky = await register(d, auth, { url: `${rx.url}/flaky-1`, events: ['asset.analysis.started'] });
    const event = await trigger(d, auth, 'asset.analysis.started');
    await d.processAll();
    expect(rx.on('/fail-1')).toHaveLength(1);
    for (const wait of [1000, 2000, 4000, 8000, 16000]) {
      const before = rx.on('/fail-1').length;
      d.clock.advance(wait - 1);
      await d.processAll();
      expect(rx.on('/fail-1'), `nothing before ${wait} ms`).toHaveLength(before);
      d.clock.advance(1);
      await d.processAll();
      expect(rx.on('/fail-1'), `a retry at ${wait} ms`).toHaveLength(before + 1);
    }
    const ts = rx.on('/fail-1').map((r) => independentSignatureCheck(String(r.headers['service-signature-256']), fail.secret, r.raw).t);
    expect(ts.slice(1).map((t, i) => t - ts[i])).toEqual([1, 2, 4, 8, 16]);
    expect(new Set(rx.on('/fail-1').map((r) => r.body.id))).toEqual(new Set([event.id]));

    d.clock.advance(600_000);
    await d.processAll();
    expect(rx.on('/fail-1')).toHaveLength(6); // the first attempt and 5 retries, no more
    const [rec] = await deliveries(d, auth, fail.id);
    expect(rec).toMatchObject({ status: 'failed', attempts: 6, last_status_code: 500, next_attempt_at: null });
    expect(rec.last_error).toMatch(/500/);
    const [ok] = await deliveries(d, auth, flaky.id);
    expect(ok).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200 });
  });

  it('retries network errors and 429, and gives up at once on other 4xx answers', async () => {
    const { auth } = await freshTeam(d);
    const port = await closedPort();
    const down = await register(d, auth, { url: `http://127.0.0.1:${port}/nobody`, events: ['project.render.failed'] });
    const gone = await register(d, auth, { url: `${rx.url}/gone-1`, events: ['project.render.failed'] });
    const busy = await register(d, auth, { url: `${rx.url}/busy-1`, events: ['project.render.failed'] });
    await trigger(d, auth, 'project.render.failed');
    await d.processAll();
    const [net] = await deliveries(d, auth, down.id);
    expect(net).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null, next_attempt_at: d.clock.now() + 1000 });
    expect(net.last_error).toMatch(/ECONNREFUSED/);
    expect((await deliveries(d, auth, gone.id))[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });
    expect((await deliveries(d, auth, busy.id))[0]).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 429 });
    d.clock.advance(1000);
    await d.processAll();
    expect((await deliveries(d, auth, busy.id))[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 204 });
    expect(rx.on('/gone-1')).toHaveLength(1);
  });

  it('aborts an attempt that gets no answer within the (shortened) timeout and retries it', async () => {
    const { auth } = await freshTeam(short);
    const hang = await register(short, auth, { url: `${rx.url}/hang-1`, events: ['post.scheduled'] });
    const event = await trigger(short, auth, 'post.scheduled');
    await short.processAll(); // returns once the short limit has aborted the first attempt
    const [first] = await deliveries(short, auth, hang.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(first.last_error).toMatch(new RegExp(`no answer within ${SHORT_TIMEOUT_MS} ms`));
    short.clock.advance(1000);
    await short.processAll();
    expect(rx.on('/hang-1').map((r) => r.body.id)).toEqual([event.id, event.id]);
    expect((await deliveries(short, auth, hang.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('sends a registration only events after it, and nothing more once it is deleted', async () => {
    const { auth } = await freshTeam(d);
    const early = await register(d, auth, { url: `${rx.url}/fail-early`, events: ['*'] });
    const first = await trigger(d, auth, 'post.draft.created');
    // Made before the fan-out worker ran, yet after the event: it must not get it.
    await register(d, auth, { url: `${rx.url}/late`, events: ['*'] });
    await d.processAll();
    expect(rx.on('/fail-early').map((r) => r.body.id)).toEqual([first.id]);
    expect(rx.on('/late')).toHaveLength(0);

    // A retry is waiting for `early`; deleting it cancels the retry and stops new deliveries.
    expect((await d.call('DELETE', `/v1/webhooks/${early.id}`, { auth })).status).toBe(200);
    const second = await trigger(d, auth, 'post.published');
    d.clock.advance(60_000);
    await d.processAll();
    expect(rx.on('/fail-early')).toHaveLength(1);
    expect(rx.on('/late').map((r) => r.body.id)).toEqual([second.id]);
    const kept = d.app.db.prepare('SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = ?').all(early.id);
    expect(kept).toEqual([{ status: 'cancelled', attempts: 1 }]);
    expect((await d.call('GET', `/v1/webhooks/${early.id}/deliveries`, { auth })).status).toBe(404);
  });

  it('deleting a registration while an attempt is on the wire lets it finish but never retries it', async () => {
    const { auth } = await freshTeam(short);
    const w = await register(short, auth, { url: `${rx.url}/hang-del`, events: ['*'] });
    await trigger(short, auth, 'post.failed');
    const draining = short.processAll();
    await rx.until(() => rx.on('/hang-del').length === 1);
    expect((await short.call('DELETE', `/v1/webhooks/${w.id}`, { auth })).status).toBe(200);
    await draining; // the attempt times out
    short.clock.advance(60_000);
    await short.processAll();
    expect(rx.on('/hang-del')).toHaveLength(1);
    const kept = short.app.db.prepare('SELECT status, attempts, lease_owner FROM webhook_deliveries WHERE webhook_id = ?').all(w.id);
    expect(kept).toEqual([{ status: 'cancelled', attempts: 1, lease_owner: null }]);
  });
});

describe('GET /v1/webhooks/:id/deliveries and POST /v1/webhooks/trigger (extensions)', () => {
  it('lists deliveries for the owner only, with a JWT, and validates the query', async () => {
    const { auth } = await freshTeam(d);
    const other = await freshTeam(d);
    const w = await register(d, auth, { url: `${rx.url}/list`, events: ['*'] });
    await trigger(d, auth, 'post.failed');
    await trigger(d, auth, 'post.published');
    await d.processAll();
    const list = await deliveries(d, auth, w.id);
    expect(list.map((x) => x.event_type)).toEqual(['post.published', 'post.failed']);
    const one = await d.call('GET', `/v1/webhooks/${w.id}/deliveries?limit=1&status=delivered`, { auth });
    expect(one.body.deliveries).toHaveLength(1);
    expect((await d.call('GET', `/v1/webhooks/${w.id}/deliveries?status=failed`, { auth })).body.deliveries).toEqual([]);
    const bad = await d.call('GET', `/v1/webhooks/${w.id}/deliveries?status=lost`, { auth });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('status');
    expect((await d.call('GET', `/v1/webhooks/${w.id}/deliveries?limit=0`, { auth })).status).toBe(400);
    expect((await d.call('GET', `/v1/webhooks/${w.id}/deliveries`, { auth: other.auth })).status).toBe(404);
    expect((await d.call('GET', `/v1/webhooks/${w.id}/deliveries`, { auth: `Key ${await d.apiKey()}` })).status).toBe(401);
  });

  it('emits a sample of each of the 14 types with exactly the spec fields, for the caller team', async () => {
    const { teamId } = await freshTeam(d);
    const auth = `Key ${await d.apiKey(teamId)}`; // an API key may trigger
    for (const [type, fields] of Object.entries(SPEC_FIELDS)) {
      const event = await trigger(d, auth, type);
      expect(event.type).toBe(type);
      expect(Object.keys(event.data).sort(), type).toEqual([...fields].sort());
      expect(event.data.team_id).toBe(teamId);
      for (const [k, v] of Object.entries(event.data)) if (k.endsWith('_id') && k !== 'team_id') expect(v).toMatch(/^[a-z]+_test_[A-Za-z0-9]+$/);
    }
    const bad = await d.call('POST', '/v1/webhooks/trigger', { auth, body: { type: 'post.deleted' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('type');
    expect((await d.call('POST', '/v1/webhooks/trigger', { body: { type: 'post.failed' } })).status).toBe(401);
  });
});

const SPEC_FIELDS = SPEC_EVENT_FIELDS;

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
