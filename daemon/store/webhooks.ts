import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { newId, randomToken } from '../../src/api/ids.js';
import type { WebhookRecord } from './records.js';
import type { WebhookRepository } from './repositories.js';

export type { WebhookRecord };

interface Row {
  id: string;
  team_id: string;
  url: string;
  events: string;
  secret: string;
  legacy_signature: number;
  description: string | null;
  created_at: number;
  deleted_at: number | null;
  from_seq: number;
}

const toRecord = (r: Row): WebhookRecord => ({
  id: r.id,
  team_id: r.team_id,
  url: r.url,
  events: JSON.parse(r.events) as string[],
  legacy_signature: r.legacy_signature === 1,
  description: r.description,
  created_at: r.created_at,
  from_seq: r.from_seq,
});

/** Webhook registrations. The signing secret is stored because HMAC signing needs it. */
export class WebhookRepo implements Synchronous<WebhookRepository> {
  constructor(private db: Db) {}

  create(
    teamId: string,
    input: { url: string; events: string[]; legacy_signature?: boolean; description?: string | null },
    now: number,
  ): { record: WebhookRecord; secret: string } {
    const row: Row = {
      id: newId('wh'),
      team_id: teamId,
      url: input.url,
      events: JSON.stringify(input.events),
      secret: `whsec_${randomToken(32)}`,
      legacy_signature: input.legacy_signature === false ? 0 : 1,
      description: input.description ?? null,
      created_at: now,
      deleted_at: null,
      from_seq: 0,
    };
    // from_seq: the registration receives only events logged after this statement (migration 005).
    this.db
      .prepare(
        `INSERT INTO webhooks (id, team_id, url, events, secret, legacy_signature, description, created_at, from_seq)
         VALUES (@id, @team_id, @url, @events, @secret, @legacy_signature, @description, @created_at, (SELECT COALESCE(MAX(seq), 0) FROM events))`,
      )
      .run(row);
    return { record: this.get(teamId, row.id)!, secret: row.secret };
  }

  list(teamId: string): WebhookRecord[] {
    return (this.db.prepare('SELECT * FROM webhooks WHERE team_id = ? AND deleted_at IS NULL ORDER BY created_at, rowid').all(teamId) as Row[]).map(toRecord);
  }

  get(teamId: string, id: string): WebhookRecord | undefined {
    const r = this.db.prepare('SELECT * FROM webhooks WHERE team_id = ? AND id = ? AND deleted_at IS NULL').get(teamId, id) as Row | undefined;
    return r && toRecord(r);
  }

  /** The signing secret of a live registration (used by the delivery worker only). */
  secretOf(id: string): { secret: string; legacy_signature: boolean } | undefined {
    const r = this.db.prepare('SELECT secret, legacy_signature FROM webhooks WHERE id = ? AND deleted_at IS NULL').get(id) as Row | undefined;
    return r && { secret: r.secret, legacy_signature: r.legacy_signature === 1 };
  }

  /** Live registrations of a team subscribed to `type` (explicitly or through "*") that exist for event `seq`. */
  subscribedTo(teamId: string, type: string, seq = Infinity): WebhookRecord[] {
    return this.list(teamId).filter((w) => w.from_seq < seq && (w.events.includes('*') || w.events.includes(type)));
  }

  /**
   * Deleting stops deliveries: in the same transaction, deliveries not yet acknowledged are
   * cancelled (kept, status `cancelled`); an attempt already on the wire is not retried.
   */
  delete(teamId: string, id: string, now: number): boolean {
    return this.db.transaction(() => {
      const gone = this.db.prepare('UPDATE webhooks SET deleted_at = ? WHERE team_id = ? AND id = ? AND deleted_at IS NULL').run(now, teamId, id).changes > 0;
      if (gone) {
        this.db
          .prepare("UPDATE webhook_deliveries SET status = 'cancelled', last_error = 'registration deleted', lease_until = NULL WHERE webhook_id = ? AND status IN ('pending', 'delivering')")
          .run(id);
      }
      return gone;
    })();
  }
}
