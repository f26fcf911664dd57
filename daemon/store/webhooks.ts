import type { Db } from './db.js';
import { newId, randomToken } from '../../src/api/ids.js';

export interface WebhookRecord {
  id: string;
  team_id: string;
  url: string;
  events: string[];
  legacy_signature: boolean;
  description: string | null;
  created_at: number;
}

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
}

const toRecord = (r: Row): WebhookRecord => ({
  id: r.id,
  team_id: r.team_id,
  url: r.url,
  events: JSON.parse(r.events) as string[],
  legacy_signature: r.legacy_signature === 1,
  description: r.description,
  created_at: r.created_at,
});

/** Webhook registrations. The signing secret is stored because HMAC signing needs it. */
export class WebhookRepo {
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
    };
    this.db
      .prepare('INSERT INTO webhooks (id, team_id, url, events, secret, legacy_signature, description, created_at) VALUES (@id, @team_id, @url, @events, @secret, @legacy_signature, @description, @created_at)')
      .run(row);
    return { record: toRecord(row), secret: row.secret };
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

  /** Live registrations of a team subscribed to `type` (explicitly or through "*"). */
  subscribedTo(teamId: string, type: string): WebhookRecord[] {
    return this.list(teamId).filter((w) => w.events.includes('*') || w.events.includes(type));
  }

  delete(teamId: string, id: string, now: number): boolean {
    return this.db.prepare('UPDATE webhooks SET deleted_at = ? WHERE team_id = ? AND id = ? AND deleted_at IS NULL').run(now, teamId, id).changes > 0;
  }
}
