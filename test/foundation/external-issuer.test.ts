import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

// A hosted deployment trusts an external identity provider: issuer + JWKS URL + audience +
// the claim that names the team (DESIGN.md). The provider here is a JWKS server on loopback.
let jwks: Server;
let d: TestDaemon;
let privateKey: CryptoKey;
const issuer = 'https://idp.test';

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey as CryptoKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
  d = await startTestDaemon({ settings: { auth: { external_issuers: [{ issuer, jwks_url: url, audience: 'clipper-hosted', team_claim: 'org' }] } } });
});
afterAll(async () => {
  await d.stop();
  jwks.close();
});

const sign = (claims: Record<string, unknown>, aud = 'clipper-hosted') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(aud)
    .setIssuedAt(Math.floor(d.clock.now() / 1000))
    .setExpirationTime(Math.floor(d.clock.now() / 1000) + 600)
    .sign(privateKey);

describe('external issuers', () => {
  it('accepts a token of a configured issuer, taking the team from the configured claim', async () => {
    const r = await d.call('GET', '/v1/ping', { auth: `Bearer ${await sign({ org: d.rootTeamId })}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, team_id: d.rootTeamId, auth: 'jwt' });
  });

  it('refuses a wrong audience, a missing team claim and an unknown team', async () => {
    expect((await d.call('GET', '/v1/ping', { auth: `Bearer ${await sign({ org: d.rootTeamId }, 'someone-else')}` })).status).toBe(401);
    expect((await d.call('GET', '/v1/ping', { auth: `Bearer ${await sign({ team_id: d.rootTeamId })}` })).status).toBe(401);
    expect((await d.call('GET', '/v1/ping', { auth: `Bearer ${await sign({ org: 'team_unknown' })}` })).status).toBe(401);
  });
});
