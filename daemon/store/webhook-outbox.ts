import { notInList, type Sql } from './sql.js';
import { newId } from '../../src/api/ids.js';
import type { ClaimedDelivery, DeliveryAttempt, DeliveryRecord, DeliveryStatus, EventLogRepository, WebhookOutboxRepository } from './queue-repositories.js';
import type { WebhookRepository } from './repositories.js';

export type { ClaimedDelivery, DeliveryRecord, DeliveryStatus };

/**
 * The webhook outbox (migration 005): the one owner of the deliveries' state machine
 * pending -> delivering -> delivered | pending (retry) | failed | cancelled.
 */
export class WebhookOutbox implements WebhookOutboxRepository {
  constructor(private db: Sql, private webhooks: Pick<WebhookRepository, 'subscribedTo'>, private events: Pick<EventLogRepository, 'readAfter'>) {}

  /**
   * Reads up to `batch` events after the cursor and creates their deliveries. The cursor moves
   * in the same transaction as the inserts, so a crash repeats or skips nothing.
   */
  async fanOut(now: number, batch = 500): Promise<number> {
    return await this.db.transaction(async () => {
      // PostgreSQL: several processes fan out; the row lock makes them take turns.
      const cursor = await this.db.value(`SELECT last_seq FROM webhook_fanout_cursor WHERE id = 1${this.db.dialect === 'postgres' ? ' FOR UPDATE' : ''}`) as number;
      const events = await this.events.readAfter(cursor, batch);
      for (const e of events) {
        for (const w of await this.webhooks.subscribedTo(e.team_id, e.type, e.seq)) {
          await this.db.run(
            `INSERT INTO webhook_deliveries (id, webhook_id, team_id, event_seq, event_id, event_type, status, next_attempt_at, created_at)
             VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (webhook_id, event_seq) DO NOTHING`,
            newId('dlv'), w.id, e.team_id, e.seq, e.id, e.type, now, now,
          );
        }
      }
      if (events.length) await this.db.run('UPDATE webhook_fanout_cursor SET last_seq = ? WHERE id = 1', events[events.length - 1].seq);
      return events.length;
    });
  }

  /**
   * Leases due deliveries: pending ones whose time has come, and ones whose lease ran out
   * (their worker died: at-least-once). `exclude` skips registrations already at their
   * in-flight bound and deliveries this worker holds; `accept` applies the bound per candidate.
   */
  async claim(
    owner: string,
    now: number,
    leaseMs: number,
    o: { limit: number; excludeWebhooks: string[]; excludeIds: string[]; accept: (webhookId: string) => boolean },
  ): Promise<{ claimed: ClaimedDelivery[]; scanned: number }> {
    const busy = notInList('d.webhook_id', o.excludeWebhooks);
    const mine = notInList('d.id', o.excludeIds);
    return await this.db.transaction(async () => {
      const candidates = await this.db.all(`SELECT d.id, d.webhook_id, w.url, w.secret, w.legacy_signature, e.id AS event_id, e.type, e.created, e.data
           FROM webhook_deliveries d
           JOIN webhooks w ON w.id = d.webhook_id AND w.deleted_at IS NULL
           JOIN events e ON e.seq = d.event_seq
           WHERE ((d.status = 'pending' AND d.next_attempt_at <= ?) OR (d.status = 'delivering' AND d.lease_until <= ?))
             AND ${busy.sql}
             AND ${mine.sql}
           ORDER BY d.next_attempt_at, d.event_seq
           LIMIT ?`, now, now, ...busy.params, ...mine.params, Math.max(50, o.limit * 4)) as CandidateRow[];
      const claimed: ClaimedDelivery[] = [];
      for (const c of candidates) {
        if (claimed.length >= o.limit) break;
        if (!o.accept(c.webhook_id)) continue;
        const leased = await this.db.run(
          `UPDATE webhook_deliveries SET status = 'delivering', lease_owner = ?, lease_until = ?
           WHERE id = ? AND (status = 'pending' OR (status = 'delivering' AND lease_until <= ?))`,
          owner, now + leaseMs, c.id, now,
        );
        if (leased === 0) continue;
        const body = JSON.stringify({ id: c.event_id, type: c.type, created: c.created, data: JSON.parse(c.data) });
        claimed.push({ id: c.id, webhook_id: c.webhook_id, url: c.url, secret: c.secret, legacy_signature: c.legacy_signature === 1, body });
      }
      return { claimed, scanned: candidates.length };
    });
  }

  /** Records an attempt as the webhook resource judged it: delivered, retry later, failed for good, or cancelled. */
  async complete(id: string, owner: string, attempt: DeliveryAttempt, now: number): Promise<DeliveryStatus | undefined> {
    return await this.db.transaction(async () => await this.record(id, owner, attempt, now));
  }

  private async record(id: string, owner: string, attempt: DeliveryAttempt, now: number): Promise<DeliveryStatus | undefined> {
    const row = await this.db.get(`SELECT d.attempts, w.deleted_at FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.id = ? AND d.lease_owner = ? AND d.status IN ('delivering', 'cancelled')`, id, owner) as { attempts: number; deleted_at: number | null } | undefined;
    // No row: the lease ran out and another worker took the delivery; the outcome is its to record.
    // A row `cancelled` while on the wire: its registration was deleted meanwhile (a 2xx still counts).
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    const wait = attempt.verdict === 'retry' ? attempt.retryDelayMs(attempts) : undefined;
    const status: DeliveryStatus =
      attempt.verdict === 'ack' ? 'delivered'
      : row.deleted_at !== null ? 'cancelled'
      : wait !== undefined ? 'pending'
      : 'failed';
    await this.db.run(`UPDATE webhook_deliveries SET status = @status, attempts = @attempts, last_status_code = @code, last_error = @error,
           last_attempt_at = @now, delivered_at = @delivered, next_attempt_at = @next, lease_owner = NULL, lease_until = NULL
         WHERE id = @id`, {
        id,
        status,
        attempts,
        now,
        code: attempt.statusCode ?? null,
        error: status === 'delivered' ? null : (attempt.error ?? (attempt.statusCode ? `receiver answered ${attempt.statusCode}` : null)),
        delivered: status === 'delivered' ? now : null,
        next: status === 'pending' ? now + (wait ?? 0) : now,
      });
    return status;
  }

  /** Hands a lease back untouched (graceful shutdown): the next start sends it at once. */
  async release(id: string, owner: string): Promise<void> {
    await this.db.run("UPDATE webhook_deliveries SET status = 'pending', lease_owner = NULL, lease_until = NULL WHERE id = ? AND status = 'delivering' AND lease_owner = ?", id, owner);
  }

  /** When the next delivery falls due (a pending one, or an expiring lease), if any. */
  async nextDueAt(): Promise<number | undefined> {
    const r = await this.db.value(`SELECT MIN(CASE d.status WHEN 'pending' THEN d.next_attempt_at ELSE d.lease_until END)
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.deleted_at IS NULL
         WHERE d.status IN ('pending', 'delivering')`) as number | null;
    return r ?? undefined;
  }

  /**
   * Sends a finished delivery again (`clipper webhooks deliveries ID --resend DELIVERY`; issue 13,
   * item 16): a failed or delivered one goes back to pending, due now, with a fresh attempt count
   * (its earlier last answer is kept until the next attempt). A pending or in-flight one is left
   * alone and named `busy`; `missing` when the registration has no such delivery.
   */
  async resend(webhookId: string, deliveryId: string, now: number): Promise<{ outcome: 'resent' | 'busy' | 'missing'; status?: DeliveryStatus }> {
    return await this.db.transaction(async () => {
      const row = await this.db.get('SELECT status FROM webhook_deliveries WHERE id = ? AND webhook_id = ?', deliveryId, webhookId) as { status: DeliveryStatus } | undefined;
      if (!row) return { outcome: 'missing' as const };
      if (row.status !== 'failed' && row.status !== 'delivered') return { outcome: 'busy' as const, status: row.status };
      await this.db.run("UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?, delivered_at = NULL, lease_owner = NULL, lease_until = NULL WHERE id = ?", now, deliveryId);
      return { outcome: 'resent' as const, status: 'pending' as const };
    });
  }

  /** A registration's deliveries, newest event first (GET /v1/webhooks/:id/deliveries). */
  async list(webhookId: string, o: { status?: DeliveryStatus; limit: number }): Promise<DeliveryRecord[]> {
    const rows = await this.db.all(`SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?) ORDER BY event_seq DESC LIMIT ?`, webhookId, o.status ?? null, o.status ?? null, o.limit) as Array<DeliveryRecord & { lease_owner: unknown }>;
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
