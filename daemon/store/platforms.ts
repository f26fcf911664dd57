import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { newId } from '../../src/api/ids.js';
import type { Platform } from '../../src/api/events.js';
import type { OAuthAuthorizationRow, PlatformConnection, SealedCredentials } from './records.js';
import type { OAuthAuthorizationRepository, PlatformRepository } from './repositories.js';

export type { PlatformConnection };

interface Row extends Omit<PlatformConnection, 'settings' | 'status_reason'> {
  settings: string;
  status_reason: string | null;
}

const COLUMNS = 'id, team_id, platform, connector, account_name, settings, status, status_reason, created_at';

const toRecord = ({ status_reason, ...r }: Row): PlatformConnection => ({
  ...r,
  settings: JSON.parse(r.settings) as Record<string, unknown>,
  ...(status_reason ? { status_reason } : {}),
});

/**
 * Connected social platforms: at most one connection per platform and team. The sealed
 * credentials (issue 15) are read and written only through their own methods, so no listing of
 * connections ever carries them.
 */
export class PlatformRepo implements Synchronous<PlatformRepository> {
  constructor(private db: Db) {}

  /** Connects (or reconnects, replacing the previous connection of that platform). */
  upsert(
    teamId: string,
    input: { platform: Platform; connector: string; account_name: string; settings: Record<string, unknown> },
    now: number,
    credentials?: SealedCredentials,
  ): PlatformConnection {
    const row: Row = {
      id: newId('plat'),
      team_id: teamId,
      platform: input.platform,
      connector: input.connector,
      account_name: input.account_name,
      settings: JSON.stringify(input.settings),
      status: 'active',
      status_reason: null,
      created_at: now,
    };
    this.db
      .prepare(
        `INSERT INTO platform_connections (team_id, platform, id, connector, account_name, settings, status, created_at, credentials, token_expires_at)
         VALUES (@team_id, @platform, @id, @connector, @account_name, @settings, @status, @created_at, @credentials, @expires_at)
         ON CONFLICT (team_id, platform) DO UPDATE SET id = excluded.id, connector = excluded.connector,
           account_name = excluded.account_name, settings = excluded.settings, status = 'active', status_reason = NULL,
           created_at = excluded.created_at, credentials = excluded.credentials, token_expires_at = excluded.token_expires_at`,
      )
      .run({ ...row, credentials: credentials?.sealed ?? null, expires_at: credentials?.expires_at ?? null });
    return toRecord(row);
  }

  list(teamId: string): PlatformConnection[] {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM platform_connections WHERE team_id = ? ORDER BY created_at, rowid`).all(teamId) as Row[]).map(toRecord);
  }

  get(teamId: string, platform: string): PlatformConnection | undefined {
    const r = this.db.prepare(`SELECT ${COLUMNS} FROM platform_connections WHERE team_id = ? AND platform = ?`).get(teamId, platform) as Row | undefined;
    return r && toRecord(r);
  }

  delete(teamId: string, platform: string): boolean {
    return this.db.prepare('DELETE FROM platform_connections WHERE team_id = ? AND platform = ?').run(teamId, platform).changes > 0;
  }

  credentials(connectionId: string): SealedCredentials | undefined {
    const r = this.db.prepare('SELECT credentials AS sealed, token_expires_at AS expires_at FROM platform_connections WHERE id = ?').get(connectionId) as
      | { sealed: string | null; expires_at: number | null }
      | undefined;
    return r?.sealed ? { sealed: r.sealed, expires_at: r.expires_at } : undefined;
  }

  saveCredentials(connectionId: string, credentials: SealedCredentials): boolean {
    return this.db.prepare('UPDATE platform_connections SET credentials = ?, token_expires_at = ? WHERE id = ?').run(credentials.sealed, credentials.expires_at, connectionId).changes > 0;
  }

  markNeedsReauth(connectionId: string, reason: string): boolean {
    return this.db.prepare("UPDATE platform_connections SET status = 'needs_reauth', status_reason = ? WHERE id = ? AND status = 'active'").run(reason, connectionId).changes > 0;
  }
}

/** OAuth 2.0 authorizations in progress (migration 006): each is taken once, before it expires. */
export class OAuthAuthorizationRepo implements Synchronous<OAuthAuthorizationRepository> {
  constructor(private db: Db) {}

  insert(row: OAuthAuthorizationRow): void {
    this.db
      .prepare(
        `INSERT INTO oauth_authorizations (state, team_id, platform, connector, redirect_uri, settings, secrets, created_at, expires_at)
         VALUES (@state, @team_id, @platform, @connector, @redirect_uri, @settings, @secrets, @created_at, @expires_at)`,
      )
      .run(row);
  }

  take(teamId: string, state: string, now: number): OAuthAuthorizationRow | undefined {
    const row = this.db.prepare('DELETE FROM oauth_authorizations WHERE state = ? AND team_id = ? RETURNING *').get(state, teamId) as OAuthAuthorizationRow | undefined;
    return row && row.expires_at > now ? row : undefined;
  }

  purgeExpired(now: number): number {
    return this.db.prepare('DELETE FROM oauth_authorizations WHERE expires_at <= ?').run(now).changes;
  }
}
