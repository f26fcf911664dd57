import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { RenderMinutesRepository } from './repositories.js';

/** The calendar month (UTC) a render is charged to, as 'YYYY-MM'. */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** DESIGN.md "Render minutes": a full render costs ceil(duration / 60) minutes. */
export const renderCost = (durationSeconds: number) => Math.ceil(durationSeconds / 60);

/**
 * The monthly render-minute allowance of a team (teams.render_minutes_allowance, default 600)
 * against the usage ledger. Calls are synchronous so they join the caller's transaction.
 */
export class RenderMinutes implements Synchronous<RenderMinutesRepository> {
  constructor(private db: Db) {}

  used(teamId: string, now: number): number {
    return this.db
      .prepare('SELECT COALESCE(SUM(minutes), 0) FROM render_usage WHERE team_id = ? AND month = ? AND refunded_at IS NULL')
      .pluck()
      .get(teamId, monthOf(now)) as number;
  }

  remaining(teamId: string, now: number): number {
    const allowance = this.db.prepare('SELECT render_minutes_allowance FROM teams WHERE id = ?').pluck().get(teamId) as number | undefined;
    return Math.max(0, (allowance ?? 0) - this.used(teamId, now));
  }

  charge(teamId: string, clipId: string, generation: number, minutes: number, now: number): void {
    this.db
      .prepare('INSERT INTO render_usage (team_id, clip_id, generation, month, minutes, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(teamId, clipId, generation, monthOf(now), minutes, now);
  }

  /** Gives back the minutes of a render that failed or was replaced before it finished. */
  refund(clipId: string, generation: number, now: number): void {
    this.db.prepare('UPDATE render_usage SET refunded_at = ? WHERE clip_id = ? AND generation = ? AND refunded_at IS NULL').run(now, clipId, generation);
  }
}
