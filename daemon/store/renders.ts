import type { Sql } from './sql.js';
import { moveStatus } from './status-cas.js';
import type { RenderStatus } from '../../src/api/renders.js';
import type { PageAfter } from '../../src/api/lists.js';
import type { LookChoice, RenderRow } from './records.js';
import type { RenderRepository } from './repositories.js';

export type { RenderRow };

/** SQL of full renders; every change to a render is guarded by its generation. */
export class RenderRepo implements RenderRepository {
  constructor(private db: Sql) {}

  async get(clipId: string): Promise<RenderRow | undefined> {
    return await this.db.get('SELECT * FROM renders WHERE clip_id = ?', clipId) as RenderRow | undefined;
  }

  /** A page of a team's renders, newest first (created_at, then clip id), after `after` (GET /v1/renders). */
  async page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): Promise<RenderRow[]> {
    const where = ['team_id = @teamId'];
    if (q.status) where.push('status = @status');
    if (q.after) where.push('(created_at < @afterAt OR (created_at = @afterAt AND clip_id < @afterId))');
    return await this.db.all(`SELECT * FROM renders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, clip_id DESC LIMIT @limit`, { teamId, status: q.status ?? null, afterAt: q.after?.created_at ?? null, afterId: q.after?.id ?? null, limit: q.limit }) as RenderRow[];
  }

  /** Starts a new generation of the clip's render (queued, no output yet) with what it asked for and its output length. */
  async queue(clipId: string, teamId: string, now: number, look: Partial<LookChoice> = {}, duration: number | null = null): Promise<RenderRow> {
    return await this.db.get(`INSERT INTO renders (clip_id, team_id, status, generation, progress, created_at, updated_at, layout, caption_style, aspect, remove_fillers, remove_silences, keep_spans, duration, caption_speakers)
         VALUES (?, ?, 'queued', 1, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (clip_id) DO UPDATE SET status = 'queued', generation = renders.generation + 1, progress = 0, output_key = NULL, error = NULL,
           created_at = excluded.created_at, updated_at = excluded.updated_at, layout = excluded.layout, caption_style = excluded.caption_style,
           aspect = excluded.aspect, remove_fillers = excluded.remove_fillers, remove_silences = excluded.remove_silences, keep_spans = excluded.keep_spans, duration = excluded.duration,
           caption_speakers = excluded.caption_speakers
         RETURNING *`, clipId, teamId, now, now, look.layout ?? null, look.caption_style ?? null,
      look.aspect ?? null, look.remove_fillers ?? null, look.remove_silences ?? null, look.keep_spans ?? null, duration, look.caption_speakers ?? null) as RenderRow;
  }

  /** Moves the given generation to `to` with `fields`; false when it was replaced or not in `from`. */
  async update(clipId: string, generation: number, from: readonly RenderStatus[], to: RenderStatus, now: number, fields: Partial<Pick<RenderRow, 'progress' | 'output_key' | 'error' | 'duration'>> = {}): Promise<boolean> {
    return await moveStatus(this.db, 'renders', { clip_id: clipId, generation }, from, to, now, fields);
  }
}
