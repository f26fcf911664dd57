import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { notFound } from '../../src/api/errors.js';

let d: TestDaemon;
beforeEach(async () => {
  d = await startTestDaemon({
    // A probe with the status-check option, so these tests exercise the shared HTTP pipeline
    // whatever resources exist: ids starting with "ok" exist, others are 404.
    extraRoutes: (router) =>
      router.get('/test/status/:id', { auth: 'any', statusCheck: (p) => `probe:${p.id}` }, (ctx) => {
        if (!ctx.params.id.startsWith('ok')) throw notFound('Probe', ctx.params.id);
        return { status: 200, body: { id: ctx.params.id } };
      }),
  });
  // Start each test at the beginning of a fresh minute and hour window.
  d.clock.set(Math.ceil(d.clock.now() / 3_600_000) * 3_600_000);
});
afterEach(() => d.stop());

describe('request rate (spec "Limits", request rate)', () => {
  it('allows 60 requests a minute per root team with the X-RateLimit headers, then 429 RATE_LIMITED', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const resetSeconds = Math.floor(d.clock.now() / 1000) + 60;
    for (let i = 1; i <= 60; i++) {
      const r = await d.call('GET', '/v1/ping', { auth });
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBe('60');
      expect(r.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      expect(r.headers['x-ratelimit-reset']).toBe(String(resetSeconds));
    }
    d.clock.advance(15_000);
    const limited = await d.call('GET', '/v1/ping', { auth });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.body.error.retry_after_seconds).toBe(45);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toBe(String(resetSeconds));
    d.clock.advance(45_000); // the window rolls over
    const again = await d.call('GET', '/v1/ping', { auth });
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('shares the quota between API keys and tokens of one team, and not across teams', async () => {
    const other = await d.createTeam();
    const key = `Key ${await d.apiKey()}`;
    const jwt = `Bearer ${await d.token()}`;
    for (let i = 0; i < 30; i++) await d.call('GET', '/v1/ping', { auth: key });
    for (let i = 0; i < 30; i++) await d.call('GET', '/v1/ping', { auth: jwt });
    expect((await d.call('GET', '/v1/ping', { auth: `Key ${await d.apiKey()}` })).status).toBe(429);
    const otherTeam = await d.call('GET', '/v1/ping', { auth: `Key ${await d.apiKey(other)}` });
    expect(otherTeam.status).toBe(200);
    expect(otherTeam.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('does not count requests that fail authentication', async () => {
    for (let i = 0; i < 70; i++) expect((await d.call('GET', '/v1/ping', { auth: 'Key nope-nope' })).status).toBe(401);
    expect((await d.call('GET', '/v1/ping', { auth: `Key ${await d.apiKey()}` })).status).toBe(200);
  });
});

describe('status-check limits (spec "Status-check limits")', () => {
  it('allows 6 checks a minute of the same id, then 429 STATUS_RATE_LIMITED with Retry-After', async () => {
    const auth = `Key ${await d.apiKey()}`;
    for (let i = 0; i < 6; i++) expect((await d.call('GET', '/test/status/ok1', { auth })).status).toBe(200);
    d.clock.advance(10_000);
    const limited = await d.call('GET', '/test/status/ok1', { auth });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('STATUS_RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('50');
    expect(limited.body.error.retry_after_seconds).toBe(50);
    expect(limited.headers['x-ratelimit-limit']).toBe('60');
    expect((await d.call('GET', '/test/status/ok2', { auth })).status).toBe(200);
    d.clock.advance(50_000);
    expect((await d.call('GET', '/test/status/ok1', { auth })).status).toBe(200);
  });

  it('allows 30 status checks a minute per team, whatever the ids', async () => {
    const auth = `Key ${await d.apiKey()}`;
    for (let i = 0; i < 30; i++) expect((await d.call('GET', `/test/status/ok${i}`, { auth })).status).toBe(200);
    const r = await d.call('GET', '/test/status/okfresh', { auth });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('STATUS_RATE_LIMITED');
    const other = await d.createTeam();
    expect((await d.call('GET', '/test/status/okfresh', { auth: `Key ${await d.apiKey(other)}` })).status).toBe(200);
  });

  it('answers 429 to every status check until the hour ends after 20 not-found checks', async () => {
    const auth = `Key ${await d.apiKey()}`;
    for (let i = 0; i < 20; i++) {
      if (i === 10) d.clock.advance(60_000);
      expect((await d.call('GET', `/test/status/missing${i}`, { auth })).status).toBe(404);
    }
    d.clock.advance(120_000);
    const locked = await d.call('GET', '/test/status/ok1', { auth });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('STATUS_RATE_LIMITED');
    expect(locked.headers['retry-after']).toBe(String(3600 - 180));
    expect((await d.call('GET', '/v1/ping', { auth })).status).toBe(200); // other endpoints unaffected
    d.clock.advance(3600_000 - 180_000);
    expect((await d.call('GET', '/test/status/ok1', { auth })).status).toBe(200);
  });

  it('counts status checks toward the 60 a minute too', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const r = await d.call('GET', '/test/status/ok1', { auth });
    expect(r.headers['x-ratelimit-remaining']).toBe('59');
  });
});
