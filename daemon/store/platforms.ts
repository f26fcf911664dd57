import type { Db } from './db.js';
import { newId } from '../../src/api/ids.js';
import type { Platform } from '../../src/api/events.js';
import type { PlatformConnection } from '../../src/api/platforms.js';

export type { PlatformConnection };

interface Row extends Omit<PlatformConnection, 'settings'> {
  settings: string;
}

const toRecord = (r: Row): PlatformConnection => ({ ...r, settings: JSON.parse(r.settings) as Record<string, unknown> });

/** Connected social platforms: at most one connection per platform and team. */
export class PlatformRepo {
  constructor(private db: Db) {}

  /** Connects (or reconnects, replacing the previous connection of that platform). */
  upsert(teamId: string, input: { platform: Platform; connector: string; account_name: string; settings: Record<string, unknown> }, now: number): PlatformConnection {
    const row: Row = {
      id: newId('plat'),
      team_id: teamId,
      platform: input.platform,
      connector: input.connector,
      account_name: input.account_name,
      settings: JSON.stringify(input.settings),
      status: 'active',
      created_at: now,
    };
    this.db
      .prepare(
        `INSERT INTO platform_connections (team_id, platform, id, connector, account_name, settings, status, created_at)
         VALUES (@team_id, @platform, @id, @connector, @account_name, @settings, @status, @created_at)
         ON CONFLICT (team_id, platform) DO UPDATE SET id = excluded.id, connector = excluded.connector,
           account_name = excluded.account_name, settings = excluded.settings, status = 'active', created_at = excluded.created_at`,
      )
      .run(row);
    return toRecord(row);
  }

  list(teamId: string): PlatformConnection[] {
    return (this.db.prepare('SELECT * FROM platform_connections WHERE team_id = ? ORDER BY created_at, rowid').all(teamId) as Row[]).map(toRecord);
  }

  get(teamId: string, platform: string): PlatformConnection | undefined {
    const r = this.db.prepare('SELECT * FROM platform_connections WHERE team_id = ? AND platform = ?').get(teamId, platform) as Row | undefined;
    return r && toRecord(r);
  }

  delete(teamId: string, platform: string): boolean {
    return this.db.prepare('DELETE FROM platform_connections WHERE team_id = ? AND platform = ?').run(teamId, platform).changes > 0;
  }
}
