import { verifySignature, type VerifiedSignature, type VerifyOptions } from '../webhooks/verify.js';
import { Clipper as BaseClipper } from './clipper.js';

/** The SDK's Clipper in Node: the browser one plus webhook verification (node:crypto). */
export class Clipper extends BaseClipper {
  /**
   * Checks a webhook delivery's `service-signature-256` header against the signing secret(s),
   * over the raw body bytes, within a 5-minute tolerance (DESIGN.md). Throws a
   * WebhookVerificationError subclass when it does not verify.
   */
  static verifyWebhook(secret: string | readonly string[], header: string | readonly string[] | null | undefined, rawBody: string | Uint8Array, opts?: VerifyOptions): VerifiedSignature {
    return verifySignature(secret, header, rawBody, opts);
  }
}
