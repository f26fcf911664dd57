import type { Sql } from './sql.js';
import type { SessionLinkRepository } from './repositories.js';

/** SQL of one-time sign-in links (migration 013). */
export class SessionLinkRepo implements SessionLinkRepository {
  constructor(private db: Sql) {}

  async create(link: { code_hash: string; team_id: string; next_path: string; expires_at: number }, now: number): Promise<void> {
    await this.db.run('INSERT INTO session_links (code_hash, team_id, next_path, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', link.code_hash, link.team_id, link.next_path, now, link.expires_at);
    // Links past their time are of no use to anyone: the table stays small.
    await this.db.run('DELETE FROM session_links WHERE expires_at < ?', now - 86_400_000);
  }

  /** Marks the link used and returns it, once: a used, expired or unknown code gives undefined. */
  async redeem(codeHash: string, now: number): Promise<{ team_id: string; next_path: string } | undefined> {
    return await this.db.get('UPDATE session_links SET used_at = ? WHERE code_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING team_id, next_path', now, codeHash, now) as { team_id: string; next_path: string } | undefined;
  }
}
