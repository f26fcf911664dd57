import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon();
});
afterAll(() => d.stop());

const expectEnvelope = (body: any, code: string) => {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(body.error).toHaveProperty('details');
};

describe('authentication (spec "Authentication")', () => {
  it('answers 401 UNAUTHORIZED without an Authorization header', async () => {
    const r = await d.call('GET', '/v1/ping');
    expect(r.status).toBe(401);
    expectEnvelope(r.body, 'UNAUTHORIZED');
    expect(r.body.error.message).toMatch(/authentication/i);
  });

  it('accepts a bearer ID token and an API key, both acting as the owning root team', async () => {
    const jwt = await d.call('GET', '/v1/ping', { auth: `Bearer ${await d.token()}` });
    expect(jwt.status).toBe(200);
    expect(jwt.body).toEqual({ ok: true, team_id: d.rootTeamId, auth: 'jwt' });
    const key = await d.call('GET', '/v1/ping', { auth: `Key ${await d.apiKey()}` });
    expect(key.body).toEqual({ ok: true, team_id: d.rootTeamId, auth: 'api_key' });
  });

  it.each([
    ['an unknown scheme', 'Basic dXNlcjpwYXNz'],
    ['a malformed key', 'Key nohyphen'],
    ['a key with a wrong secret', 'Key ckWRONGSECRET-TEAM'],
    ['a token that is not a JWT', 'Bearer not.a.jwt'],
  ])('refuses %s with 401', async (_name, auth) => {
    const r = await d.call('GET', '/v1/ping', { auth: auth.replace('TEAM', d.rootTeamId) });
    expect(r.status).toBe(401);
    expectEnvelope(r.body, 'UNAUTHORIZED');
  });

  it('refuses an expired token and a token signed by an unknown key', async () => {
    const expired = await d.token();
    d.clock.advance(3601_000);
    expect((await d.call('GET', '/v1/ping', { auth: `Bearer ${expired}` })).status).toBe(401);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ team_id: d.rootTeamId })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(`clipper-local:${d.dataDir}`)
      .setAudience('clipper')
      .setIssuedAt(Math.floor(d.clock.now() / 1000))
      .setExpirationTime(Math.floor(d.clock.now() / 1000) + 600)
      .sign(privateKey);
    expect((await d.call('GET', '/v1/ping', { auth: `Bearer ${forged}` })).status).toBe(401);
  });

  it('keeps only a hash of the key secret, and a revoked key stops working', async () => {
    const token = `Bearer ${await d.token()}`;
    const created = await d.call('POST', '/v1/keys', { auth: token, body: { label: 'ci' } });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key.split('-')).toHaveLength(2);
    expect(key.split('-')[1]).toBe(d.rootTeamId);
    const stored = d.app.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(created.body.id) as Record<string, unknown>;
    expect(JSON.stringify(stored)).not.toContain(key.split('-')[0]);
    expect((await d.call('GET', '/v1/ping', { auth: `Key ${key}` })).status).toBe(200);
    const list = await d.call('GET', '/v1/keys', { auth: token });
    expect(list.body.keys.find((k: any) => k.id === created.body.id)).toMatchObject({ label: 'ci', last_used_at: expect.any(Number) });
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect((await d.call('DELETE', `/v1/keys/${created.body.id}`, { auth: token })).status).toBe(200);
    expect((await d.call('GET', '/v1/ping', { auth: `Key ${key}` })).status).toBe(401);
  });

  it.each([
    ['POST', '/v1/keys', { label: 'x' }],
    ['GET', '/v1/keys', undefined],
    ['DELETE', '/v1/keys/key_x', undefined],
    ['POST', '/v1/webhooks', { url: 'https://example.com/h', events: ['*'] }],
    ['GET', '/v1/webhooks', undefined],
    ['DELETE', '/v1/webhooks/wh_x', undefined],
    ['POST', '/v1/platforms', { platform: 'short_video' }],
    ['GET', '/v1/platforms', undefined],
    ['DELETE', '/v1/platforms/short_video', undefined],
  ])('%s %s refuses an API key with 401 saying a JWT is required', async (method, path, body) => {
    const r = await d.call(method, path, { auth: `Key ${await d.apiKey()}`, body });
    expect(r.status).toBe(401);
    expectEnvelope(r.body, 'UNAUTHORIZED');
    expect(r.body.error.message).toMatch(/JWT is required/);
  });
});

describe('the error envelope', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const r = await d.call('GET', '/v1/nothing-here');
    expect(r.status).toBe(404);
    expectEnvelope(r.body, 'NOT_FOUND');
    const wrongMethod = await d.call('PATCH', '/v1/ping');
    expect(wrongMethod.status).toBe(404);
    expectEnvelope(wrongMethod.body, 'NOT_FOUND');
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 400 and changes nothing', async () => {
    const auth = `Bearer ${await d.token()}`;
    const before = (await d.call('GET', '/v1/keys', { auth })).body.keys.length;
    const bad = await d.call('POST', '/v1/keys', { auth, rawBody: '{"label":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expectEnvelope(bad.body, 'BAD_REQUEST');
    const wrongType = await d.call('POST', '/v1/keys', { auth, rawBody: 'label=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongType.status).toBe(400);
    expectEnvelope(wrongType.body, 'BAD_REQUEST');
    const big = await d.call('POST', '/v1/keys', { auth, body: { label: 'x'.repeat(2 * 1024 * 1024) } });
    expect(big.status).toBe(400);
    expectEnvelope(big.body, 'BAD_REQUEST');
    const invalid = await d.call('POST', '/v1/keys', { auth, body: { label: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.field).toBe('label');
    const unknownField = await d.call('POST', '/v1/keys', { auth, body: { label: 'ok', admin: true } });
    expect(unknownField.status).toBe(400);
    expect((await d.call('GET', '/v1/keys', { auth })).body.keys.length).toBe(before);
  });

  it('answers GET /healthz without auth', async () => {
    const r = await d.call('GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
  });
});
