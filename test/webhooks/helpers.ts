import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { TestDaemon } from '../helpers/daemon.js';

/** A fresh team with a bearer token, so tests sharing a daemon never see each other's events. */
export async function freshTeam(d: TestDaemon): Promise<{ teamId: string; auth: string }> {
  const teamId = await d.createTeam();
  return { teamId, auth: `Bearer ${await d.token(teamId)}` };
}

export async function register(d: TestDaemon, auth: string, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const r = await d.call('POST', '/v1/webhooks', { auth, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

export async function trigger(d: TestDaemon, auth: string, type: string): Promise<{ id: string; type: string; created: number; data: any }> {
  const r = await d.call('POST', '/v1/webhooks/trigger', { auth, body: { type } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.event;
}

export async function deliveries(d: TestDaemon, auth: string, webhookId: string): Promise<any[]> {
  const r = await d.call('GET', `/v1/webhooks/${webhookId}/deliveries`, { auth });
  expect(r.status).toBe(200);
  return r.body.deliveries;
}

/**
 * An independent check of `service-signature-256` written straight on node:crypto (not the
 * package's signer): HMAC-SHA256 of "<t>.<raw body>" keyed by the secret, as the spec says.
 */
export function independentSignatureCheck(header: string, secret: string, raw: Buffer): { t: number; valid: boolean } {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return { t: NaN, valid: false };
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  mac.update(Buffer.concat([Buffer.from(`${m[1]}.`, 'utf8'), raw]));
  return { t: Number(m[1]), valid: mac.digest('hex') === m[2] };
}
