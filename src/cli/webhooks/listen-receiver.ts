import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import type { EventEnvelope } from '../../api/events.js';
import { LEGACY_SIGNATURE_HEADER, SIGNATURE_HEADER } from '../../webhooks/sign.js';
import { verifySignature, WebhookVerificationError } from '../../webhooks/verify.js';

export interface ReceivedEvent {
  event: EventEnvelope;
  /** The body exactly as it arrived. */
  raw: Buffer;
  /** What --forward-to answered, when forwarding. */
  forwarded?: { status?: number; error?: string };
}

export interface ListenReceiverOptions {
  forwardTo?: string;
  onEvent(e: ReceivedEvent): void;
  onRejected(reason: string): void;
}

/** Headers passed on to --forward-to untouched, so the target can verify the signature itself. */
const FORWARDED = ['content-type', 'user-agent', SIGNATURE_HEADER, LEGACY_SIGNATURE_HEADER];

/**
 * The loopback receiver of `webhooks listen`: verifies each delivery against the registration's
 * secret (a forged or stale one gets 400 and is not printed), forwards the exact bytes and
 * signature headers, then acknowledges with 200 whatever the forward target said, as the Stripe
 * CLI does: the daemon's retries are for the listener, the developer sees the target's answer.
 */
export class ListenReceiver {
  /** Set once the registration exists (it needs this receiver's URL first). */
  secret?: string;
  private server: Server;

  constructor(private opts: ListenReceiverOptions) {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        (status) => res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'rejected'),
        () => res.writeHead(500).end(),
      );
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/clipper-listen`;
  }

  private async handle(req: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    if (req.method !== 'POST' || !this.secret) return this.reject(`unexpected ${req.method} ${req.url}`);
    try {
      verifySignature(this.secret, req.headers[SIGNATURE_HEADER], raw);
    } catch (e) {
      if (e instanceof WebhookVerificationError) return this.reject(e.message);
      throw e;
    }
    let event: EventEnvelope;
    try {
      event = JSON.parse(raw.toString('utf8')) as EventEnvelope;
    } catch {
      return this.reject('the body is not JSON');
    }
    const received: ReceivedEvent = { event, raw };
    if (this.opts.forwardTo) received.forwarded = await this.forward(req, raw);
    this.opts.onEvent(received);
    return 200;
  }

  private reject(reason: string): number {
    this.opts.onRejected(reason);
    return 400;
  }

  private async forward(req: IncomingMessage, raw: Buffer): Promise<{ status?: number; error?: string }> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    try {
      const res = await request(this.opts.forwardTo!, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(30_000) });
      await res.body.dump().catch(() => undefined);
      return { status: res.statusCode };
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      return { error: err.cause?.code ?? err.message };
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
