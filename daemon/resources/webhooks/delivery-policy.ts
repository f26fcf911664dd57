import { WEBHOOK_MAX_RETRIES } from '../../../src/api/limits.js';
import type { DeliveryAttempt } from '../../store/queue-repositories.js';

// Retry rules of webhook delivery (spec "Events", "Delivery", rules 4 and 5).

/** The first attempt plus at most 5 retries (spec "Limits": webhook retries, at most 5). */
export const MAX_ATTEMPTS = 1 + WEBHOOK_MAX_RETRIES;

/** Wait after attempt `n` (1-based) failed: base, 2x, 4x, 8x, 16x (1, 2, 4, 8, 16 s by default). */
export function retryDelayMs(attemptsDone: number, baseMs: number): number {
  return baseMs * 2 ** (attemptsDone - 1);
}

/** What one HTTP attempt came to. */
export interface SendOutcome {
  /** The receiver's status code, when it answered in time. */
  statusCode?: number;
  /** Why there is no usable answer: network error, timeout, refused target. */
  error?: string;
  /** True when retrying cannot help (the target URL is no longer allowed). */
  permanent?: boolean;
  /** True when the daemon itself aborted the attempt because it is shutting down. */
  aborted?: boolean;
}

/**
 * ack: any 2xx. retry: network errors, timeouts and 5xx as the spec lists, plus 408 and 429,
 * which say "try again later" by definition. give_up: any other answer (3xx, 4xx): the receiver
 * did answer, and refused this request for good (redirects are not followed); such a delivery is
 * marked failed at once and kept for inspection rather than retried against a wrong URL.
 */
export function classify(outcome: SendOutcome): 'ack' | 'retry' | 'give_up' {
  const code = outcome.statusCode;
  if (code === undefined) return outcome.permanent ? 'give_up' : 'retry';
  if (code >= 200 && code < 300) return 'ack';
  if (code >= 500 || code === 408 || code === 429) return 'retry';
  return 'give_up';
}

/**
 * The outbox's record of one attempt (store/webhook-outbox.ts): the verdict, and the spec's
 * backoff until the first attempt plus five retries are spent.
 */
export function judgeAttempt(outcome: SendOutcome, backoffMs: number): DeliveryAttempt {
  return {
    verdict: classify(outcome),
    statusCode: outcome.statusCode,
    error: outcome.error,
    retryDelayMs: (attempts) => (attempts < MAX_ATTEMPTS ? retryDelayMs(attempts, backoffMs) : undefined),
  };
}

/** Setting section `webhooks` of config.json (config-schema.ts): tests shorten the times. */
export interface WebhookSettings {
  /** Any 2xx within this acknowledges; then the attempt is aborted (spec: 30 seconds). */
  timeout_ms: number;
  /** First retry wait; doubles each time (spec: 1 second). */
  backoff_ms: number;
  /** Deliveries in flight at once, all registrations together. */
  concurrency: number;
  /** Deliveries in flight at once to one registration, so a slow one cannot take every slot. */
  concurrency_per_endpoint: number;
  /** Longest sleep of the workers between looks at the outbox. */
  poll_ms: number;
}
