import { describe, expect, it } from 'vitest';
import type { Store } from '../../daemon/store/index.js';
import { makeTeam, T0, type Current } from './fixtures.js';
import { judgeAttempt } from '../../daemon/resources/webhooks/delivery-policy.js';

// Contract cases of the webhook outbox: fan-out from the event log (cursor, one delivery per
// subscribed registration, nothing twice), leases, outcomes (ack, retry with backoff, give up),
// hand-back, listing, and what deleting a registration does to its deliveries.

const BACKOFF = 1000;
const opts = (o: Partial<Parameters<Store['webhookOutbox']['claim']>[3]> = {}) => ({ limit: 10, excludeWebhooks: [], excludeIds: [], accept: () => true, ...o });

/** A team with a registration for post.published, one for everything, and another team's. */
async function setup(store: Store) {
  const team = await makeTeam(store, T0);
  const other = await makeTeam(store, T0, 'other');
  const exact = await store.webhooks.create(team.id, { url: 'https://a.example/hook', events: ['post.published'] }, T0);
  const all = await store.webhooks.create(team.id, { url: 'https://b.example/hook', events: ['*'], legacy_signature: false }, T0);
  const foreign = await store.webhooks.create(other.id, { url: 'https://c.example/hook', events: ['*'] }, T0);
  const published = async (postId: string, teamId = team.id) =>
    await store.events.emit('post.published', { post_id: postId, clip_id: 'clip_1', platform: 'short_video', team_id: teamId, published_url: `https://v.example/${postId}` });
  return { team, other, exact, all, foreign, published };
}

export function outboxContract(h: Current) {
  describe('webhook outbox', () => {
    it('fans each event out once to every subscribed registration of its team', async () => {
      const { store } = h();
      const { team, exact, all, foreign, published } = await setup(store);
      await published('p1');
      await store.events.emit('project.render.started', { project_id: 'clip_1', team_id: team.id });
      expect(await store.webhookOutbox.fanOut(T0 + 1)).toBe(2);
      expect(await store.webhookOutbox.fanOut(T0 + 2)).toBe(0);
      const list = async (id: string) => await store.webhookOutbox.list(id, { limit: 10 });
      expect((await list(exact.record.id)).map((d) => d.event_type)).toEqual(['post.published']);
      expect((await list(all.record.id)).map((d) => d.event_type)).toEqual(['project.render.started', 'post.published']);
      expect(await list(foreign.record.id)).toEqual([]);
      expect((await list(exact.record.id))[0]).toMatchObject({ webhook_id: exact.record.id, status: 'pending', attempts: 0, next_attempt_at: T0 + 1, last_status_code: null, last_error: null, last_attempt_at: null, delivered_at: null, created_at: T0 + 1 });
      await published('p2');
      expect(await store.webhookOutbox.fanOut(T0 + 3, 1)).toBe(1);
      expect(await list(exact.record.id)).toHaveLength(2);
      expect(await list(all.record.id)).toHaveLength(3);
    });

    it('gives a registration only the events logged after it, however late the fan-out runs', async () => {
      const { store } = h();
      const { team, published } = await setup(store);
      await published('before');
      const late = await store.webhooks.create(team.id, { url: 'https://late.example/hook', events: ['*'] }, T0 + 1);
      await published('after');
      expect(await store.webhookOutbox.fanOut(T0 + 2)).toBe(2);
      expect((await store.webhookOutbox.list(late.record.id, { limit: 10 })).map((d) => d.event_id)).toEqual([(await store.events.readAfter(0)).at(-1)!.id]);
    });

    it('leases due deliveries with the exact envelope to sign, honouring the exclusions', async () => {
      const { store } = h();
      const { exact, all, published } = await setup(store);
      const event = await published('p1');
      await store.webhookOutbox.fanOut(T0);
      expect((await store.webhookOutbox.claim('w1', T0 - 1, 1000, opts())).claimed).toEqual([]);
      expect((await store.webhookOutbox.claim('w1', T0, 1000, opts({ excludeWebhooks: [exact.record.id, all.record.id] }))).claimed).toEqual([]);
      const byAll = (await store.webhookOutbox.list(all.record.id, { limit: 1 }))[0].id;
      expect((await store.webhookOutbox.claim('w1', T0, 1000, opts({ excludeIds: [byAll], accept: (id) => id !== exact.record.id }))).claimed).toEqual([]);
      const { claimed, scanned } = await store.webhookOutbox.claim('w1', T0, 1000, opts({ limit: 1, accept: (id) => id === all.record.id }));
      expect(scanned).toBe(2);
      expect(claimed).toEqual([{ id: byAll, webhook_id: all.record.id, url: 'https://b.example/hook', secret: all.secret, legacy_signature: false, body: JSON.stringify(event) }]);
      expect(JSON.parse(claimed[0].body)).toEqual({ id: event.id, type: 'post.published', created: T0, data: event.data });
      expect((await store.webhookOutbox.list(all.record.id, { limit: 1 }))[0]).toMatchObject({ status: 'delivering', next_attempt_at: null });
      const rest = (await store.webhookOutbox.claim('w2', T0, 1000, opts())).claimed;
      expect(rest.map((c) => [c.webhook_id, c.legacy_signature, c.secret])).toEqual([[exact.record.id, true, exact.secret]]);
      expect((await store.webhookOutbox.claim('w3', T0 + 999, 1000, opts())).claimed).toEqual([]);
      expect(await store.webhookOutbox.nextDueAt()).toBe(T0 + 1000);
    });

    it('sends a failed or delivered delivery again, due now, and leaves pending ones alone', async () => {
      const { store } = h();
      const { exact, all, published } = await setup(store);
      await published('p1');
      await store.webhookOutbox.fanOut(T0);
      const [a, b] = (await store.webhookOutbox.claim('w', T0, 60_000, opts())).claimed;
      await store.webhookOutbox.complete(a.id, 'w', judgeAttempt({ statusCode: 410 }, BACKOFF), T0 + 1);
      expect((await store.webhookOutbox.list(a.webhook_id, { limit: 1 }))[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await store.webhookOutbox.resend(b.webhook_id, b.id, T0 + 2)).toEqual({ outcome: 'busy', status: 'delivering' });
      expect(await store.webhookOutbox.resend(a.webhook_id === exact.record.id ? all.record.id : exact.record.id, a.id, T0 + 2)).toEqual({ outcome: 'missing' });
      expect(await store.webhookOutbox.resend(a.webhook_id, a.id, T0 + 5)).toEqual({ outcome: 'resent', status: 'pending' });
      expect((await store.webhookOutbox.list(a.webhook_id, { limit: 1 }))[0]).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: T0 + 5, last_status_code: 410 });
      expect((await store.webhookOutbox.claim('w2', T0 + 5, 60_000, opts({ excludeIds: [b.id] }))).claimed.map((d) => d.id)).toEqual([a.id]);
      await store.webhookOutbox.complete(a.id, 'w2', judgeAttempt({ statusCode: 200 }, BACKOFF), T0 + 6);
      expect(await store.webhookOutbox.resend(a.webhook_id, a.id, T0 + 7)).toEqual({ outcome: 'resent', status: 'pending' });
      expect((await store.webhookOutbox.list(a.webhook_id, { limit: 1 }))[0]).toMatchObject({ status: 'pending', delivered_at: null });
    });

    it('records an acknowledgement, a retry with doubling backoff and a refusal', async () => {
      const { store } = h();
      const { exact, all, published } = await setup(store);
      await published('p1');
      await store.webhookOutbox.fanOut(T0);
      const [a, b] = (await store.webhookOutbox.claim('w', T0, 60_000, opts())).claimed;
      expect(await store.webhookOutbox.complete(a.id, 'intruder', judgeAttempt({ statusCode: 200 }, BACKOFF), T0 + 1)).toBeUndefined();
      const byId = async (webhookId: string) => (await store.webhookOutbox.list(webhookId, { limit: 1 }))[0];
      const ackedHook = a.webhook_id;
      const otherHook = ackedHook === exact.record.id ? all.record.id : exact.record.id;
      expect(await store.webhookOutbox.complete(a.id, 'w', judgeAttempt({ statusCode: 204 }, BACKOFF), T0 + 1)).toBe('delivered');
      expect(await byId(ackedHook)).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204, last_error: null, last_attempt_at: T0 + 1, delivered_at: T0 + 1, next_attempt_at: null });
      expect(await store.webhookOutbox.complete(a.id, 'w', judgeAttempt({ statusCode: 204 }, BACKOFF), T0 + 2)).toBeUndefined();
      expect(await store.webhookOutbox.complete(b.id, 'w', judgeAttempt({ statusCode: 503 }, BACKOFF), T0 + 2)).toBe('pending');
      expect(await byId(otherHook)).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: T0 + 2 + BACKOFF, last_status_code: 503, last_error: 'receiver answered 503' });
      expect(await store.webhookOutbox.nextDueAt()).toBe(T0 + 2 + BACKOFF);
      expect((await store.webhookOutbox.claim('w', T0 + 1 + BACKOFF, 60_000, opts())).claimed).toEqual([]);
      expect((await store.webhookOutbox.claim('w', T0 + 2 + BACKOFF, 60_000, opts())).claimed.map((c) => c.id)).toEqual([b.id]);
      expect(await store.webhookOutbox.complete(b.id, 'w', judgeAttempt({ error: 'connect ECONNREFUSED' }, BACKOFF), T0 + 3 + BACKOFF)).toBe('pending');
      expect(await byId(otherHook)).toMatchObject({ attempts: 2, next_attempt_at: T0 + 3 + 3 * BACKOFF, last_status_code: null, last_error: 'connect ECONNREFUSED' });
      await store.webhookOutbox.claim('w', T0 + 3 + 3 * BACKOFF, 60_000, opts());
      expect(await store.webhookOutbox.complete(b.id, 'w', judgeAttempt({ statusCode: 410 }, BACKOFF), T0 + 4 + 3 * BACKOFF)).toBe('failed');
      expect(await byId(otherHook)).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 410, next_attempt_at: null, delivered_at: null });
      expect(await store.webhookOutbox.nextDueAt()).toBeUndefined();
    });

    it('gives up after six attempts in all (the first and five retries)', async () => {
      const { store } = h();
      const { exact, published } = await setup(store);
      await published('p1');
      await store.webhookOutbox.fanOut(T0);
      const statuses: Array<string | undefined> = [];
      for (let now = T0, i = 0; i < 6; i++) {
        const [d] = (await store.webhookOutbox.claim('w', now, 1000, opts({ accept: (id) => id === exact.record.id }))).claimed;
        statuses.push(await store.webhookOutbox.complete(d.id, 'w', judgeAttempt({ statusCode: 500 }, BACKOFF), now));
        now = (await store.webhookOutbox.list(exact.record.id, { limit: 1 }))[0].next_attempt_at ?? now;
      }
      expect(statuses).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'failed']);
      expect((await store.webhookOutbox.list(exact.record.id, { limit: 1 }))[0]).toMatchObject({ status: 'failed', attempts: 6 });
    });

    it('lets another worker take a lease that ran out; hands a lease back on release', async () => {
      const { store } = h();
      const { exact, published } = await setup(store);
      await published('p1');
      await store.webhookOutbox.fanOut(T0);
      const only = opts({ accept: (id) => id === exact.record.id });
      const [d] = (await store.webhookOutbox.claim('w1', T0, 1000, only)).claimed;
      expect((await store.webhookOutbox.claim('w2', T0 + 999, 1000, only)).claimed).toEqual([]);
      expect((await store.webhookOutbox.claim('w2', T0 + 1000, 1000, only)).claimed.map((c) => c.id)).toEqual([d.id]);
      expect(await store.webhookOutbox.complete(d.id, 'w1', judgeAttempt({ statusCode: 200 }, BACKOFF), T0 + 1001)).toBeUndefined();
      await store.webhookOutbox.release(d.id, 'w1');
      expect((await store.webhookOutbox.list(exact.record.id, { limit: 1 }))[0].status).toBe('delivering');
      await store.webhookOutbox.release(d.id, 'w2');
      expect((await store.webhookOutbox.list(exact.record.id, { limit: 1 }))[0]).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: T0 });
      expect((await store.webhookOutbox.claim('w3', T0 + 1001, 1000, only)).claimed.map((c) => c.id)).toEqual([d.id]);
    });

    it('lists a registration\'s deliveries newest event first, by status, up to the limit', async () => {
      const { store } = h();
      const { exact, published } = await setup(store);
      const events = [await published('p1'), await published('p2'), await published('p3')];
      await store.webhookOutbox.fanOut(T0);
      const [first] = (await store.webhookOutbox.claim('w', T0, 1000, opts({ limit: 1, accept: (id) => id === exact.record.id }))).claimed;
      await store.webhookOutbox.complete(first.id, 'w', judgeAttempt({ statusCode: 200 }, BACKOFF), T0);
      const list = async (o: { status?: 'pending' | 'delivered'; limit: number }) => (await store.webhookOutbox.list(exact.record.id, o)).map((d) => d.event_id);
      expect(await list({ limit: 10 })).toEqual([events[2].id, events[1].id, events[0].id]);
      expect(await list({ limit: 2 })).toEqual([events[2].id, events[1].id]);
      expect(await list({ status: 'delivered', limit: 10 })).toEqual([events[0].id]);
      expect(await list({ status: 'pending', limit: 10 })).toEqual([events[2].id, events[1].id]);
      expect(await store.webhookOutbox.list('wh_unknown', { limit: 10 })).toEqual([]);
    });

    it('cancels the deliveries of a deleted registration; an attempt on the wire still counts if acknowledged', async () => {
      const { store } = h();
      const { team, exact, all, published } = await setup(store);
      await published('p1');
      await published('p2');
      await store.webhookOutbox.fanOut(T0);
      const [wire, wire2] = (await store.webhookOutbox.claim('w', T0, 1000, opts({ limit: 2, accept: (id) => id === all.record.id }))).claimed;
      await store.webhooks.delete(team.id, all.record.id, T0 + 1);
      expect((await store.webhookOutbox.list(all.record.id, { limit: 10 })).map((d) => d.status)).toEqual(['cancelled', 'cancelled']);
      expect(await store.webhookOutbox.complete(wire.id, 'w', judgeAttempt({ statusCode: 200 }, BACKOFF), T0 + 2)).toBe('delivered');
      expect(await store.webhookOutbox.complete(wire2.id, 'w', judgeAttempt({ statusCode: 503 }, BACKOFF), T0 + 2)).toBe('cancelled');
      expect((await store.webhookOutbox.claim('w', T0 + 5000, 1000, opts())).claimed.map((c) => c.webhook_id)).toEqual([exact.record.id, exact.record.id]);
      await published('p3');
      await store.webhookOutbox.fanOut(T0 + 6000);
      expect(await store.webhookOutbox.list(all.record.id, { limit: 10 })).toHaveLength(2);
    });
  });
}
