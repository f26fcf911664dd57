import type { Sql } from './sql.js';
import type { RenderMinutesRepository } from './repositories.js';

/** The calendar month (UTC) a render is charged to, as 'YYYY-MM'. */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** DESIGN.md "Render minutes": a full render costs ceil(duration / 60) minutes. */
export const renderCost = (durationSeconds: number) => Math.ceil(durationSeconds / 60);

/**
 * The monthly render-minute allowance of a team (teams.render_minutes_allowance, default 600)
 * against the usage ledger. Called inside a store transaction, each joins it.
 */
export class RenderMinutes implements RenderMinutesRepository {
  constructor(private db: Sql) {}

  async used(teamId: string, now: number): Promise<number> {
    return await this.db.value('SELECT COALESCE(SUM(minutes), 0) FROM render_usage WHERE team_id = ? AND month = ? AND refunded_at IS NULL', teamId, monthOf(now)) as number;
  }

  async remaining(teamId: string, now: number): Promise<number> {
    const allowance = await this.db.value('SELECT render_minutes_allowance FROM teams WHERE id = ?', teamId) as number | undefined;
    return Math.max(0, (allowance ?? 0) - await this.used(teamId, now));
  }

  async charge(teamId: string, clipId: string, generation: number, minutes: number, now: number): Promise<void> {
    await this.db.run('INSERT INTO render_usage (team_id, clip_id, generation, month, minutes, created_at) VALUES (?, ?, ?, ?, ?, ?)', teamId, clipId, generation, monthOf(now), minutes, now);
  }

  /** Gives back the minutes of a render that failed or was replaced before it finished. */
  async refund(clipId: string, generation: number, now: number): Promise<void> {
    await this.db.run('UPDATE render_usage SET refunded_at = ? WHERE clip_id = ? AND generation = ? AND refunded_at IS NULL', now, clipId, generation);
  }
}
