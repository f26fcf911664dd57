import type { Sql } from './sql.js';
import type { FramingRecord } from './records.js';
import type { FramingRepository } from './repositories.js';

export type { FramingRecord };

/** SQL of clip framings (migration 006): one plan per clip, replaced when computed again. */
export class FramingRepo implements FramingRepository {
  constructor(private db: Sql) {}

  async get(clipId: string): Promise<FramingRecord | undefined> {
    return await this.db.get('SELECT * FROM clip_framings WHERE clip_id = ?', clipId) as FramingRecord | undefined;
  }

  async save(record: FramingRecord): Promise<void> {
    await this.db.run(`INSERT INTO clip_framings (clip_id, start, "end", layout, plan, created_at) VALUES (@clip_id, @start, @end, @layout, @plan, @created_at)
         ON CONFLICT (clip_id) DO UPDATE SET start = excluded.start, "end" = excluded."end", layout = excluded.layout, plan = excluded.plan, created_at = excluded.created_at`, record);
  }

  async forget(clipId: string): Promise<void> {
    await this.db.run('DELETE FROM clip_framings WHERE clip_id = ?', clipId);
  }
}
