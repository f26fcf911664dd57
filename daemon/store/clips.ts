import type { Db } from './db.js';
import type { ScoreBreakdown, Word } from '../pipeline/types.js';
import type { ClipRow } from './records.js';
import type { ClipRepository } from './repositories.js';

export type { ClipRow };

export const clipBreakdown = (c: ClipRow) => JSON.parse(c.score_breakdown) as ScoreBreakdown;
export const clipWords = (c: ClipRow) => JSON.parse(c.words) as Word[];
/** Seconds with two decimals (spec: Clip.duration). */
export const clipDuration = (c: Pick<ClipRow, 'start' | 'end'>) => Math.round((c.end - c.start) * 100) / 100;

/** Reads of clips shared by jobs, renders and posts; each is scoped to a team. */
export class ClipRepo implements ClipRepository {
  constructor(private db: Db) {}

  get(teamId: string, id: string): ClipRow | undefined {
    return this.db.prepare('SELECT * FROM clips WHERE id = ? AND team_id = ?').get(id, teamId) as ClipRow | undefined;
  }

  byId(id: string): ClipRow | undefined {
    return this.db.prepare('SELECT * FROM clips WHERE id = ?').get(id) as ClipRow | undefined;
  }

  listByJob(jobId: string): ClipRow[] {
    return this.db.prepare('SELECT * FROM clips WHERE job_id = ? ORDER BY rank').all(jobId) as ClipRow[];
  }
}

/**
 * Called inside the transaction that marks a clip's preview ready (spec "Post" states: a clip
 * preview becoming ready creates one draft per connected platform). Drafts register here, so
 * the clip pipeline does not depend on the publishing code.
 */
export type PreviewReadyHook = (clip: ClipRow) => void;
