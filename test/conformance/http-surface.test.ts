import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

// Conformance of what every /v1 call shares (spec "Endpoints", "Authentication", "Errors",
// "Limits", "Versioning"), on the real routes. See AUDIT-A.md.
let d: TestDaemon;
let key: string;
beforeAll(async () => {
  d = await startTestDaemon({
    extraRoutes: (router) =>
      router.get('/v1/test/crash', { auth: 'any' }, () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secret')");
      }),
  });
  key = `Key ${await d.apiKey()}`;
});
afterAll(() => d.stop());
// Each test starts a fresh minute and hour window (the limits are fixed windows on the daemon clock).
beforeEach(() => d.clock.set(Math.ceil((d.clock.now() + 1) / 3_600_000) * 3_600_000));

/** The spec's endpoints table plus DESIGN.md's upload extensions, with a body each accepts or refuses. */
const ENDPOINTS: Array<[string, string, unknown?]> = [
  ['POST', '/v1/clips', { source: {} }],
  ['GET', '/v1/clips/job_none'],
  ['POST', '/v1/clips/clip_none/renders'],
  ['GET', '/v1/renders/clip_none'],
  ['GET', '/v1/clips/clip_none/posts'],
  ['GET', '/v1/posts/post_none'],
  ['PUT', '/v1/posts/post_none', { caption: 'x' }],
  ['POST', '/v1/posts/post_none/publish', {}],
  ['POST', '/v1/uploads', {}],
  ['POST', '/v1/uploads/upl_none/complete', { parts: [{ part_number: 1, etag: '"x"' }] }],
  ['POST', '/v1/uploads/upl_none/parts', { part_numbers: [1] }],
  ['DELETE', '/v1/uploads/upl_none'],
  ['GET', '/v1/uploads/upl_none'],
];

const expectEnvelope = (body: any, code: string) => {
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ code, message: expect.any(String) });
  expect(body.error).toHaveProperty('details');
};

describe('authentication (spec "Authentication")', () => {
  it.each(ENDPOINTS)('%s %s: 401 UNAUTHORIZED "authentication required" without a credential; key and JWT both accepted', async (method, path, body) => {
    const anon = await d.call(method, path, { body });
    expect(anon.status).toBe(401);
    expectEnvelope(anon.body, 'UNAUTHORIZED');
    expect(anon.body.error.message).toMatch(/authentication required/i);
    for (const auth of [key, `Bearer ${await d.token()}`]) { // tokens last an hour: minted now
      const r = await d.call(method, path, { auth, body });
      expect([400, 404]).toContain(r.status); // past authentication, refused for its body or id
    }
  });

  // DESIGN.md's read-only extensions answer nothing without a credential either.
  it.each(['/v1/transcription', '/v1/clips/clip_none/cuts', '/v1/clips/clip_none/transcript'])('GET %s: 401 without a credential, past authentication with one', async (path) => {
    const anon = await d.call('GET', path);
    expect(anon.status).toBe(401);
    expectEnvelope(anon.body, 'UNAUTHORIZED');
    expect((await d.call('GET', path, { auth: key })).status).not.toBe(401);
  });

  it('takes the team from the key: a valid secret with another team id is refused, and no parameter switches teams', async () => {
    const other = await d.createTeam('other');
    const [secret] = (await d.apiKey()).split('-');
    expect((await d.call('GET', '/v1/ping', { auth: `Key ${secret}-${other}` })).status).toBe(401);
    const scoped = await d.call('GET', `/v1/ping?team_id=${other}`, { auth: key, headers: { 'x-team-id': other } });
    expect(scoped.body.team_id).toBe(d.rootTeamId);
  });
});

describe('errors (spec "Errors")', () => {
  it('answers an unhandled failure with 500 INTERNAL_ERROR in the envelope, without internals, and with the rate headers', async () => {
    const r = await d.call('GET', '/v1/test/crash', { auth: key });
    expect(r.status).toBe(500);
    expectEnvelope(r.body, 'INTERNAL_ERROR');
    expect(r.body.error.details).toBeNull();
    expect(r.body.error.message).not.toMatch(/secret|TypeError|at /);
    expect(r.headers['x-ratelimit-limit']).toBe('60');
  });

  it('puts retry_after_seconds only on 429 answers', async () => {
    for (const [method, path, body] of ENDPOINTS) {
      const r = await d.call(method, path, { auth: key, body });
      expect(r.status).toBeLessThan(429);
      expect(r.body.error).not.toHaveProperty('retry_after_seconds');
    }
  });
});

describe('request rate headers (spec "Request rate", rule 2)', () => {
  it('carries X-RateLimit-Limit, -Remaining and -Reset (Unix seconds) on every counted answer, errors included', async () => {
    const reset = String(Math.floor(d.clock.now() / 1000) + 60);
    let used = 0;
    for (const [method, path, body] of ENDPOINTS) {
      const r = await d.call(method, path, { auth: key, body });
      used++;
      expect(r.headers['x-ratelimit-limit']).toBe('60');
      expect(r.headers['x-ratelimit-remaining']).toBe(String(60 - used));
      expect(r.headers['x-ratelimit-reset']).toBe(reset);
    }
  });
});

describe('status-check limits on the real routes (spec "Status-check limits")', () => {
  const STATUS_ROUTES = ['/v1/clips/ID', '/v1/clips/ID/posts', '/v1/renders/ID', '/v1/posts/ID'];

  it.each(STATUS_ROUTES)('GET %s: the 7th check of one id in a minute is 429 STATUS_RATE_LIMITED; another id still passes', async (route) => {
    for (let i = 0; i < 6; i++) expect((await d.call('GET', route.replace('ID', 'x_same'), { auth: key })).status).toBe(404);
    const limited = await d.call('GET', route.replace('ID', 'x_same'), { auth: key });
    expect(limited.status).toBe(429);
    expectEnvelope(limited.body, 'STATUS_RATE_LIMITED');
    expect(limited.body.error.retry_after_seconds).toBe(60);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['x-ratelimit-remaining']).toBe('53');
    expect((await d.call('GET', route.replace('ID', 'x_other'), { auth: key })).status).toBe(404);
  });

  it('locks every status route for the rest of the hour after 20 not-found checks spread over the four, and only those', async () => {
    for (const route of STATUS_ROUTES) for (let i = 0; i < 5; i++) expect((await d.call('GET', route.replace('ID', `x_${i}`), { auth: key })).status).toBe(404);
    d.clock.advance(600_000);
    for (const route of STATUS_ROUTES) {
      const r = await d.call('GET', route.replace('ID', 'x_new'), { auth: key });
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe('STATUS_RATE_LIMITED');
      expect(r.headers['retry-after']).toBe('3000');
    }
    expect((await d.call('GET', '/v1/uploads/upl_none', { auth: key })).status).toBe(404); // not a status check
  });
});

describe('versioning (spec "Versioning")', () => {
  it('serves the interface under /v1 only: another version prefix is 404 NOT_FOUND', async () => {
    for (const path of ['/v2/clips/job_x', '/clips/job_x', '/v0/uploads']) {
      const r = await d.call('GET', path, { auth: key });
      expect(r.status).toBe(404);
      expectEnvelope(r.body, 'NOT_FOUND');
    }
  });
});
