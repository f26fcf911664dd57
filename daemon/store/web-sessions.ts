import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { WebSessionRow } from './records.js';
import type { WebSessionRepository } from './repositories.js';

const DAY_MS = 86_400_000;

/** SQL of the web pages' sign-in sessions (migration 016). */
export class WebSessionRepo implements Synchronous<WebSessionRepository> {
  constructor(private db: Db) {}

  create(row: Omit<WebSessionRow, 'ended_at'>): void {
    this.db
      .prepare('INSERT INTO web_sessions (id_hash, team_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(row.id_hash, row.team_id, row.csrf_token, row.created_at, row.expires_at);
    // Sessions a day past their end are of no use: the table stays small.
    this.db.prepare('DELETE FROM web_sessions WHERE expires_at < ? OR ended_at < ?').run(row.created_at - DAY_MS, row.created_at - DAY_MS);
  }

  live(idHash: string, now: number): WebSessionRow | undefined {
    return this.db.prepare('SELECT * FROM web_sessions WHERE id_hash = ? AND ended_at IS NULL AND expires_at > ?').get(idHash, now) as WebSessionRow | undefined;
  }

  end(idHash: string, now: number): boolean {
    return this.db.prepare('UPDATE web_sessions SET ended_at = ? WHERE id_hash = ? AND ended_at IS NULL AND expires_at > ?').run(now, idHash, now).changes === 1;
  }
}
