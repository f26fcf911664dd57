import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { FramingRecord } from './records.js';
import type { FramingRepository } from './repositories.js';

export type { FramingRecord };

/** SQL of clip framings (migration 006): one plan per clip, replaced when computed again. */
export class FramingRepo implements Synchronous<FramingRepository> {
  constructor(private db: Db) {}

  get(clipId: string): FramingRecord | undefined {
    return this.db.prepare('SELECT * FROM clip_framings WHERE clip_id = ?').get(clipId) as FramingRecord | undefined;
  }

  save(record: FramingRecord): void {
    this.db
      .prepare(
        `INSERT INTO clip_framings (clip_id, start, end, layout, plan, created_at) VALUES (@clip_id, @start, @end, @layout, @plan, @created_at)
         ON CONFLICT (clip_id) DO UPDATE SET start = excluded.start, end = excluded.end, layout = excluded.layout, plan = excluded.plan, created_at = excluded.created_at`,
      )
      .run(record);
  }
}
