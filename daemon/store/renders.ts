import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { moveStatus } from './status-cas.js';
import type { RenderStatus } from '../../src/api/renders.js';
import type { PageAfter } from '../../src/api/lists.js';
import type { LookChoice, RenderRow } from './records.js';
import type { RenderRepository } from './repositories.js';

export type { RenderRow };

/** SQL of full renders; every change to a render is guarded by its generation. */
export class RenderRepo implements Synchronous<RenderRepository> {
  constructor(private db: Db) {}

  get(clipId: string): RenderRow | undefined {
    return this.db.prepare('SELECT * FROM renders WHERE clip_id = ?').get(clipId) as RenderRow | undefined;
  }

  /** A page of a team's renders, newest first (created_at, then clip id), after `after` (GET /v1/renders). */
  page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): RenderRow[] {
    const where = ['team_id = @teamId'];
    if (q.status) where.push('status = @status');
    if (q.after) where.push('(created_at < @afterAt OR (created_at = @afterAt AND clip_id < @afterId))');
    return this.db
      .prepare(`SELECT * FROM renders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, clip_id DESC LIMIT @limit`)
      .all({ teamId, status: q.status ?? null, afterAt: q.after?.created_at ?? null, afterId: q.after?.id ?? null, limit: q.limit }) as RenderRow[];
  }

  /** Starts a new generation of the clip's render (queued, no output yet). */
  queue(clipId: string, teamId: string, now: number, look: Partial<LookChoice> = {}): RenderRow {
    return this.db
      .prepare(
        `INSERT INTO renders (clip_id, team_id, status, generation, progress, created_at, updated_at, layout, caption_style) VALUES (?, ?, 'queued', 1, 0, ?, ?, ?, ?)
         ON CONFLICT (clip_id) DO UPDATE SET status = 'queued', generation = generation + 1, progress = 0, output_key = NULL, error = NULL,
           created_at = excluded.created_at, updated_at = excluded.updated_at, layout = excluded.layout, caption_style = excluded.caption_style
         RETURNING *`,
      )
      .get(clipId, teamId, now, now, look.layout ?? null, look.caption_style ?? null) as RenderRow;
  }

  /** Moves the given generation to `to` with `fields`; false when it was replaced or not in `from`. */
  update(clipId: string, generation: number, from: readonly RenderStatus[], to: RenderStatus, now: number, fields: Partial<Pick<RenderRow, 'progress' | 'output_key' | 'error'>> = {}): boolean {
    return moveStatus(this.db, 'renders', { clip_id: clipId, generation }, from, to, now, fields);
  }
}
