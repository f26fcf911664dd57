import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { newId } from '../../src/api/ids.js';
import { classify, MAX_ATTEMPTS, retryDelayMs, type SendOutcome } from '../resources/webhooks/delivery-policy.js';
import type { ClaimedDelivery, DeliveryRecord, DeliveryStatus, EventLogRepository, WebhookOutboxRepository } from './queue-repositories.js';
import type { WebhookRepository } from './repositories.js';

export type { ClaimedDelivery, DeliveryRecord, DeliveryStatus };

/**
 * The webhook outbox (migration 005): the one owner of the deliveries' state machine
 * pending -> delivering -> delivered | pending (retry) | failed | cancelled.
 */
export class WebhookOutbox implements Synchronous<WebhookOutboxRepository> {
  constructor(private db: Db, private webhooks: Pick<Synchronous<WebhookRepository>, 'subscribedTo'>, private events: Pick<Synchronous<EventLogRepository>, 'readAfter'>) {}

  /**
   * Reads up to `batch` events after the cursor and creates their deliveries. The cursor moves
   * in the same transaction as the inserts, so a crash repeats or skips nothing.
   */
  fanOut(now: number, batch = 500): number {
    return this.db.transaction(() => {
      const cursor = this.db.prepare('SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1').pluck().get() as number;
      const events = this.events.readAfter(cursor, batch);
      const insert = this.db.prepare(
        `INSERT OR IGNORE INTO webhook_deliveries (id, webhook_id, team_id, event_seq, event_id, event_type, status, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      );
      for (const e of events) {
        for (const w of this.webhooks.subscribedTo(e.team_id, e.type, e.seq)) insert.run(newId('dlv'), w.id, e.team_id, e.seq, e.id, e.type, now, now);
      }
      if (events.length) this.db.prepare('UPDATE webhook_fanout_cursor SET last_seq = ? WHERE id = 1').run(events[events.length - 1].seq);
      return events.length;
    }).immediate();
  }

  /**
   * Leases due deliveries: pending ones whose time has come, and ones whose lease ran out
   * (their worker died: at-least-once). `exclude` skips registrations already at their
   * in-flight bound and deliveries this worker holds; `accept` applies the bound per candidate.
   */
  claim(
    owner: string,
    now: number,
    leaseMs: number,
    o: { limit: number; excludeWebhooks: string[]; excludeIds: string[]; accept: (webhookId: string) => boolean },
  ): { claimed: ClaimedDelivery[]; scanned: number } {
    return this.db.transaction(() => {
      const candidates = this.db
        .prepare(
          `SELECT d.id, d.webhook_id, w.url, w.secret, w.legacy_signature, e.id AS event_id, e.type, e.created, e.data
           FROM webhook_deliveries d
           JOIN webhooks w ON w.id = d.webhook_id AND w.deleted_at IS NULL
           JOIN events e ON e.seq = d.event_seq
           WHERE ((d.status = 'pending' AND d.next_attempt_at <= @now) OR (d.status = 'delivering' AND d.lease_until <= @now))
             AND d.webhook_id NOT IN (SELECT value FROM json_each(@busy))
             AND d.id NOT IN (SELECT value FROM json_each(@mine))
           ORDER BY d.next_attempt_at, d.event_seq
           LIMIT @scan`,
        )
        .all({ now, busy: JSON.stringify(o.excludeWebhooks), mine: JSON.stringify(o.excludeIds), scan: Math.max(50, o.limit * 4) }) as CandidateRow[];
      const lease = this.db.prepare(
        `UPDATE webhook_deliveries SET status = 'delivering', lease_owner = ?, lease_until = ?
         WHERE id = ? AND (status = 'pending' OR (status = 'delivering' AND lease_until <= ?))`,
      );
      const claimed: ClaimedDelivery[] = [];
      for (const c of candidates) {
        if (claimed.length >= o.limit) break;
        if (!o.accept(c.webhook_id)) continue;
        if (lease.run(owner, now + leaseMs, c.id, now).changes === 0) continue;
        const body = JSON.stringify({ id: c.event_id, type: c.type, created: c.created, data: JSON.parse(c.data) });
        claimed.push({ id: c.id, webhook_id: c.webhook_id, url: c.url, secret: c.secret, legacy_signature: c.legacy_signature === 1, body });
      }
      return { claimed, scanned: candidates.length };
    }).immediate();
  }

  /** Records an attempt's outcome: delivered, retry later, failed for good, or cancelled. */
  complete(id: string, owner: string, outcome: SendOutcome, now: number, backoffMs: number): DeliveryStatus | undefined {
    return this.db.transaction(() => this.record(id, owner, outcome, now, backoffMs)).immediate();
  }

  private record(id: string, owner: string, outcome: SendOutcome, now: number, backoffMs: number): DeliveryStatus | undefined {
    const row = this.db
      .prepare(
        `SELECT d.attempts, w.deleted_at FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.id = ? AND d.lease_owner = ? AND d.status IN ('delivering', 'cancelled')`,
      )
      .get(id, owner) as { attempts: number; deleted_at: number | null } | undefined;
    // No row: the lease ran out and another worker took the delivery; the outcome is its to record.
    // A row `cancelled` while on the wire: its registration was deleted meanwhile (a 2xx still counts).
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    const verdict = classify(outcome);
    const status: DeliveryStatus =
      verdict === 'ack' ? 'delivered'
      : row.deleted_at !== null ? 'cancelled'
      : verdict === 'retry' && attempts < MAX_ATTEMPTS ? 'pending'
      : 'failed';
    this.db
      .prepare(
        `UPDATE webhook_deliveries SET status = @status, attempts = @attempts, last_status_code = @code, last_error = @error,
           last_attempt_at = @now, delivered_at = @delivered, next_attempt_at = @next, lease_owner = NULL, lease_until = NULL
         WHERE id = @id`,
      )
      .run({
        id,
        status,
        attempts,
        now,
        code: outcome.statusCode ?? null,
        error: status === 'delivered' ? null : (outcome.error ?? (outcome.statusCode ? `receiver answered ${outcome.statusCode}` : null)),
        delivered: status === 'delivered' ? now : null,
        next: status === 'pending' ? now + retryDelayMs(attempts, backoffMs) : now,
      });
    return status;
  }

  /** Hands a lease back untouched (graceful shutdown): the next start sends it at once. */
  release(id: string, owner: string): void {
    this.db
      .prepare("UPDATE webhook_deliveries SET status = 'pending', lease_owner = NULL, lease_until = NULL WHERE id = ? AND status = 'delivering' AND lease_owner = ?")
      .run(id, owner);
  }

  /** When the next delivery falls due (a pending one, or an expiring lease), if any. */
  nextDueAt(): number | undefined {
    const r = this.db
      .prepare(
        `SELECT MIN(CASE d.status WHEN 'pending' THEN d.next_attempt_at ELSE d.lease_until END)
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.deleted_at IS NULL
         WHERE d.status IN ('pending', 'delivering')`,
      )
      .pluck()
      .get() as number | null;
    return r ?? undefined;
  }

  /**
   * Sends a finished delivery again (`clipper webhooks deliveries ID --resend DELIVERY`; issue 13,
   * item 16): a failed or delivered one goes back to pending, due now, with a fresh attempt count
   * (its earlier last answer is kept until the next attempt). A pending or in-flight one is left
   * alone and named `busy`; `missing` when the registration has no such delivery.
   */
  resend(webhookId: string, deliveryId: string, now: number): { outcome: 'resent' | 'busy' | 'missing'; status?: DeliveryStatus } {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT status FROM webhook_deliveries WHERE id = ? AND webhook_id = ?').get(deliveryId, webhookId) as { status: DeliveryStatus } | undefined;
      if (!row) return { outcome: 'missing' as const };
      if (row.status !== 'failed' && row.status !== 'delivered') return { outcome: 'busy' as const, status: row.status };
      this.db
        .prepare("UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?, delivered_at = NULL, lease_owner = NULL, lease_until = NULL WHERE id = ?")
        .run(now, deliveryId);
      return { outcome: 'resent' as const, status: 'pending' as const };
    }).immediate();
  }

  /** A registration's deliveries, newest event first (GET /v1/webhooks/:id/deliveries). */
  list(webhookId: string, o: { status?: DeliveryStatus; limit: number }): DeliveryRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND (? IS NULL OR status = ?) ORDER BY event_seq DESC LIMIT ?`,
      )
      .all(webhookId, o.status ?? null, o.status ?? null, o.limit) as Array<DeliveryRecord & { lease_owner: unknown }>;
    return rows.map((r) => ({
      id: r.id,
      webhook_id: r.webhook_id,
      event_id: r.event_id,
      event_type: r.event_type,
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
      last_status_code: r.last_status_code,
      last_error: r.last_error,
      last_attempt_at: r.last_attempt_at,
      delivered_at: r.delivered_at,
      created_at: r.created_at,
    }));
  }
}

interface CandidateRow {
  id: string;
  webhook_id: string;
  url: string;
  secret: string;
  legacy_signature: number;
  event_id: string;
  type: string;
  created: number;
  data: string;
}
