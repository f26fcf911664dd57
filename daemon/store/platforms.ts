import type { Sql } from './sql.js';
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
export class PlatformRepo implements PlatformRepository {
  constructor(private db: Sql) {}

  /** Connects (or reconnects, replacing the previous connection of that platform). */
  async upsert(
    teamId: string,
    input: { platform: Platform; connector: string; account_name: string; settings: Record<string, unknown> },
    now: number,
    credentials?: SealedCredentials,
  ): Promise<PlatformConnection> {
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
    await this.db.run(`INSERT INTO platform_connections (team_id, platform, id, connector, account_name, settings, status, created_at, credentials, token_expires_at)
         VALUES (@team_id, @platform, @id, @connector, @account_name, @settings, @status, @created_at, @credentials, @expires_at)
         ON CONFLICT (team_id, platform) DO UPDATE SET id = excluded.id, connector = excluded.connector,
           account_name = excluded.account_name, settings = excluded.settings, status = 'active', status_reason = NULL,
           created_at = excluded.created_at, credentials = excluded.credentials, token_expires_at = excluded.token_expires_at`, { ...row, credentials: credentials?.sealed ?? null, expires_at: credentials?.expires_at ?? null });
    return toRecord(row);
  }

  async list(teamId: string): Promise<PlatformConnection[]> {
    return (await this.db.all(`SELECT ${COLUMNS} FROM platform_connections WHERE team_id = ? ORDER BY created_at, rowid`, teamId) as Row[]).map(toRecord);
  }

  async get(teamId: string, platform: string): Promise<PlatformConnection | undefined> {
    const r = await this.db.get(`SELECT ${COLUMNS} FROM platform_connections WHERE team_id = ? AND platform = ?`, teamId, platform) as Row | undefined;
    return r && toRecord(r);
  }

  async delete(teamId: string, platform: string): Promise<boolean> {
    return await this.db.run('DELETE FROM platform_connections WHERE team_id = ? AND platform = ?', teamId, platform) > 0;
  }

  async credentials(connectionId: string): Promise<SealedCredentials | undefined> {
    const r = await this.db.get('SELECT credentials AS sealed, token_expires_at AS expires_at FROM platform_connections WHERE id = ?', connectionId) as
      | { sealed: string | null; expires_at: number | null }
      | undefined;
    return r?.sealed ? { sealed: r.sealed, expires_at: r.expires_at } : undefined;
  }

  async saveCredentials(connectionId: string, credentials: SealedCredentials): Promise<boolean> {
    return await this.db.run('UPDATE platform_connections SET credentials = ?, token_expires_at = ? WHERE id = ?', credentials.sealed, credentials.expires_at, connectionId) > 0;
  }

  async markNeedsReauth(connectionId: string, reason: string): Promise<boolean> {
    return await this.db.run("UPDATE platform_connections SET status = 'needs_reauth', status_reason = ? WHERE id = ? AND status = 'active'", reason, connectionId) > 0;
  }
}

/** OAuth 2.0 authorizations in progress (migration 006): each is taken once, before it expires. */
export class OAuthAuthorizationRepo implements OAuthAuthorizationRepository {
  constructor(private db: Sql) {}

  async insert(row: OAuthAuthorizationRow): Promise<void> {
    await this.db.run(`INSERT INTO oauth_authorizations (state, team_id, platform, connector, redirect_uri, settings, secrets, created_at, expires_at)
         VALUES (@state, @team_id, @platform, @connector, @redirect_uri, @settings, @secrets, @created_at, @expires_at)`, row);
  }

  async take(teamId: string, state: string, now: number): Promise<OAuthAuthorizationRow | undefined> {
    const row = await this.db.get('DELETE FROM oauth_authorizations WHERE state = ? AND team_id = ? RETURNING *', state, teamId) as OAuthAuthorizationRow | undefined;
    return row && row.expires_at > now ? row : undefined;
  }

  async purgeExpired(now: number): Promise<number> {
    return await this.db.run('DELETE FROM oauth_authorizations WHERE expires_at <= ?', now);
  }
}
