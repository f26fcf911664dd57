import type { Sql } from './sql.js';
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
export class WebhookRepo implements WebhookRepository {
  constructor(private db: Sql) {}

  async create(
    teamId: string,
    input: { url: string; events: string[]; legacy_signature?: boolean; description?: string | null },
    now: number,
  ): Promise<{ record: WebhookRecord; secret: string }> {
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
    await this.db.run(`INSERT INTO webhooks (id, team_id, url, events, secret, legacy_signature, description, created_at, from_seq)
         VALUES (@id, @team_id, @url, @events, @secret, @legacy_signature, @description, @created_at, (SELECT COALESCE(MAX(seq), 0) FROM events))`, row);
    return { record: (await this.get(teamId, row.id))!, secret: row.secret };
  }

  async list(teamId: string): Promise<WebhookRecord[]> {
    return (await this.db.all('SELECT * FROM webhooks WHERE team_id = ? AND deleted_at IS NULL ORDER BY created_at, rowid', teamId) as Row[]).map(toRecord);
  }

  async get(teamId: string, id: string): Promise<WebhookRecord | undefined> {
    const r = await this.db.get('SELECT * FROM webhooks WHERE team_id = ? AND id = ? AND deleted_at IS NULL', teamId, id) as Row | undefined;
    return r && toRecord(r);
  }

  /** The signing secret of a live registration (used by the delivery worker only). */
  async secretOf(id: string): Promise<{ secret: string; legacy_signature: boolean } | undefined> {
    const r = await this.db.get('SELECT secret, legacy_signature FROM webhooks WHERE id = ? AND deleted_at IS NULL', id) as Row | undefined;
    return r && { secret: r.secret, legacy_signature: r.legacy_signature === 1 };
  }

  /** Live registrations of a team subscribed to `type` (explicitly or through "*") that exist for event `seq`. */
  async subscribedTo(teamId: string, type: string, seq = Infinity): Promise<WebhookRecord[]> {
    return (await this.list(teamId)).filter((w) => w.from_seq < seq && (w.events.includes('*') || w.events.includes(type)));
  }

  /**
   * Deleting stops deliveries: in the same transaction, deliveries not yet acknowledged are
   * cancelled (kept, status `cancelled`); an attempt already on the wire is not retried.
   */
  async delete(teamId: string, id: string, now: number): Promise<boolean> {
    return await this.db.transaction(async () => {
      const gone = await this.db.run('UPDATE webhooks SET deleted_at = ? WHERE team_id = ? AND id = ? AND deleted_at IS NULL', now, teamId, id) > 0;
      if (gone) {
        await this.db.run("UPDATE webhook_deliveries SET status = 'cancelled', last_error = 'registration deleted', lease_until = NULL WHERE webhook_id = ? AND status IN ('pending', 'delivering')", id);
      }
      return gone;
    });
  }
}
