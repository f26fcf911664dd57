import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { ScoreBreakdown, Word } from '../pipeline/types.js';
import type { ClipRow, ClipTranscriptEdit } from './records.js';
import type { ClipRepository } from './repositories.js';

export type { ClipRow };

export const clipBreakdown = (c: ClipRow) => JSON.parse(c.score_breakdown) as ScoreBreakdown;
export const clipWords = (c: ClipRow) => JSON.parse(c.words) as Word[];
/** Seconds with two decimals (spec: Clip.duration). */
export const clipDuration = (c: Pick<ClipRow, 'start' | 'end'>) => Math.round((c.end - c.start) * 100) / 100;

/** Reads of clips shared by jobs, renders and posts; each is scoped to a team. */
export class ClipRepo implements Synchronous<ClipRepository> {
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

  edit(clipId: string, fields: Partial<Pick<ClipRow, 'start' | 'end' | 'title' | 'title_edited' | 'transcript' | 'words'>>): ClipRow | undefined {
    const before = this.byId(clipId);
    if (!before) return undefined;
    const next = { ...before, ...fields };
    const moved = next.start !== before.start || next.end !== before.end;
    this.db
      .prepare(`UPDATE clips SET start = ?, "end" = ?, title = ?, title_edited = ?, transcript = ?, words = ?,
        preview_key = CASE WHEN ? THEN NULL ELSE preview_key END, preview_ready_at = CASE WHEN ? THEN NULL ELSE preview_ready_at END WHERE id = ?`)
      .run(next.start, next.end, next.title, next.title_edited, next.transcript, next.words, moved ? 1 : 0, moved ? 1 : 0, clipId);
    return this.byId(clipId);
  }

  setPreviewOfSpan(clipId: string, span: { start: number; end: number }, key: string, now: number): boolean {
    return this.db.prepare('UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ? AND start = ? AND "end" = ?').run(key, now, clipId, span.start, span.end).changes === 1;
  }

  transcriptEdit(clipId: string): ClipTranscriptEdit | undefined {
    return this.db.prepare('SELECT * FROM clip_transcripts WHERE clip_id = ?').get(clipId) as ClipTranscriptEdit | undefined;
  }

  saveTranscriptEdit(edit: ClipTranscriptEdit): void {
    this.db
      .prepare(`INSERT INTO clip_transcripts (clip_id, start, "end", words, updated_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (clip_id) DO UPDATE SET start = excluded.start, "end" = excluded."end", words = excluded.words, updated_at = excluded.updated_at`)
      .run(edit.clip_id, edit.start, edit.end, edit.words, edit.updated_at);
  }
}

/**
 * Called inside the transaction that marks a clip's preview ready (spec "Post" states: a clip
 * preview becoming ready creates one draft per connected platform). Drafts register here, so
 * the clip pipeline does not depend on the publishing code.
 */
export type PreviewReadyHook = (clip: ClipRow) => Promise<void>;
