import type { Sql } from './sql.js';
import type { WebSessionRow } from './records.js';
import type { WebSessionRepository } from './repositories.js';

const DAY_MS = 86_400_000;

/** SQL of the web pages' sign-in sessions (migration 016). */
export class WebSessionRepo implements WebSessionRepository {
  constructor(private db: Sql) {}

  async create(row: Omit<WebSessionRow, 'ended_at'>): Promise<void> {
    await this.db.run('INSERT INTO web_sessions (id_hash, team_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', row.id_hash, row.team_id, row.csrf_token, row.created_at, row.expires_at);
    // Sessions a day past their end are of no use: the table stays small.
    await this.db.run('DELETE FROM web_sessions WHERE expires_at < ? OR ended_at < ?', row.created_at - DAY_MS, row.created_at - DAY_MS);
  }

  async live(idHash: string, now: number): Promise<WebSessionRow | undefined> {
    return await this.db.get('SELECT * FROM web_sessions WHERE id_hash = ? AND ended_at IS NULL AND expires_at > ?', idHash, now) as WebSessionRow | undefined;
  }

  async end(idHash: string, now: number): Promise<boolean> {
    return await this.db.run('UPDATE web_sessions SET ended_at = ? WHERE id_hash = ? AND ended_at IS NULL AND expires_at > ?', now, idHash, now) === 1;
  }
}
