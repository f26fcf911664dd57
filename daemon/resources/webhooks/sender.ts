import type { lookup } from 'node:dns';
import { Agent, request } from 'undici';
import { ApiError } from '../../../src/api/errors.js';
import { LEGACY_SIGNATURE_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../../src/webhooks/sign.js';
import { checkOutboundUrl, isPrivateAddressError, publicOnlyAgent } from '../../net/target-policy.js';
import type { ClaimedDelivery } from '../../store/webhook-outbox.js';
import type { SendOutcome } from './delivery-policy.js';

export interface SenderOptions {
  timeoutMs: number;
  local: boolean;
  allowPrivate: boolean;
  /** Name resolution of a hosted deployment's connections (tests give a fixed answer). */
  resolve?: typeof lookup;
}

/**
 * One HTTP attempt of a delivery (spec "Events", "Delivery"): POST with Content-Type
 * application/json, the envelope bytes as signed, `service-signature-256` and, unless the
 * registration opted out, the legacy `service-signature` carrying the secret. Any answer within
 * the timeout counts (its body is read and dropped, never inspected); after it the request is
 * aborted. Never throws: every failure becomes an outcome.
 */
export class WebhookSender {
  private agent: Agent;
  constructor(private opts: SenderOptions) {
    // No per-origin connection cap: many registrations may share one receiver host, and one
    // registration's hanging requests must not hold connections the others need. The worker
    // bounds requests in flight per registration and overall instead.
    // A hosted deployment connects to public addresses only, checked on the resolved address.
    const agentOptions = { connect: { timeout: opts.timeoutMs }, keepAliveTimeout: 4_000 };
    this.agent = opts.local || opts.allowPrivate ? new Agent(agentOptions) : publicOnlyAgent(agentOptions, opts.resolve);
  }

  async send(d: ClaimedDelivery, timestampSeconds: number, shutdown: AbortSignal): Promise<SendOutcome> {
    try {
      // Checked again at send time: the deployment's rules may have changed since registration.
      checkOutboundUrl(d.url, { local: this.opts.local, allowPrivate: this.opts.allowPrivate, field: 'url' });
    } catch (e) {
      return { error: e instanceof ApiError ? e.message : String(e), permanent: true };
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'clipper-webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(d.secret, timestampSeconds, d.body),
    };
    if (d.legacy_signature) headers[LEGACY_SIGNATURE_HEADER] = d.secret;
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    try {
      const res = await request(d.url, {
        method: 'POST',
        headers,
        body: d.body,
        dispatcher: this.agent,
        signal: AbortSignal.any([timeout, shutdown]),
      });
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      return { statusCode: res.statusCode };
    } catch (e) {
      if (shutdown.aborted) return { error: 'daemon shutting down', aborted: true };
      if (timeout.aborted) return { error: `no answer within ${this.opts.timeoutMs} ms` };
      const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
      // A name that resolves into a private network will do so on a retry too.
      return { error: `${err.cause?.code ?? err.code ?? err.name}: ${err.cause?.message ?? err.message}`, permanent: isPrivateAddressError(e) };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
