import type { Sql } from './sql.js';
import type { ClipScores, ScoreBreakdown } from '../domain/clip.js';
import type { Word } from '../domain/transcript.js';
import type { ClipRow, ClipTranscriptEdit } from './records.js';
import type { ClipRepository } from './repositories.js';

export type { ClipRow };

export const clipBreakdown = (c: ClipRow) => JSON.parse(c.score_breakdown) as ScoreBreakdown & { scores?: ClipScores };

/** The clip's `score_breakdown` and, when it was scored with them, its `scores` (issue 30, item 2). */
export function clipScoreViews(c: ClipRow): { score_breakdown: ScoreBreakdown; scores?: ClipScores } {
  const { scores, ...breakdown } = clipBreakdown(c);
  return { score_breakdown: breakdown, ...(scores ? { scores } : {}) };
}
export const clipWords = (c: Pick<ClipRow, 'words'>) => JSON.parse(c.words) as Word[];
/** Seconds with two decimals (spec: Clip.duration). */
export const clipDuration = (c: Pick<ClipRow, 'start' | 'end'>) => Math.round((c.end - c.start) * 100) / 100;

/** Reads of clips shared by jobs, renders and posts; each is scoped to a team. */
export class ClipRepo implements ClipRepository {
  constructor(private db: Sql) {}

  async get(teamId: string, id: string): Promise<ClipRow | undefined> {
    return await this.db.get('SELECT * FROM clips WHERE id = ? AND team_id = ?', id, teamId) as ClipRow | undefined;
  }

  async byId(id: string): Promise<ClipRow | undefined> {
    return await this.db.get('SELECT * FROM clips WHERE id = ?', id) as ClipRow | undefined;
  }

  async listByJob(jobId: string): Promise<ClipRow[]> {
    return await this.db.all('SELECT * FROM clips WHERE job_id = ? ORDER BY rank', jobId) as ClipRow[];
  }

  async edit(clipId: string, fields: Partial<Pick<ClipRow, 'start' | 'end' | 'title' | 'title_edited' | 'transcript' | 'words'>>, opts: { remakePreview?: boolean } = {}): Promise<ClipRow | undefined> {
    return await this.db.transaction(async () => {
      const before = await this.byId(clipId);
      if (!before) return undefined;
      const next = { ...before, ...fields };
      const dropPreview = next.start !== before.start || next.end !== before.end || opts.remakePreview === true;
      await this.db.run(`UPDATE clips SET start = ?, "end" = ?, title = ?, title_edited = ?, transcript = ?, words = ?,
          preview_key = CASE WHEN ? = 1 THEN NULL ELSE preview_key END, preview_ready_at = CASE WHEN ? = 1 THEN NULL ELSE preview_ready_at END WHERE id = ?`, next.start, next.end, next.title, next.title_edited, next.transcript, next.words, dropPreview ? 1 : 0, dropPreview ? 1 : 0, clipId);
      return await this.byId(clipId);
    });
  }

  async setPreviewOfSpan(clipId: string, span: { start: number; end: number }, key: string, now: number): Promise<boolean> {
    return await this.db.run('UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ? AND start = ? AND "end" = ?', key, now, clipId, span.start, span.end) === 1;
  }

  async transcriptEdit(clipId: string): Promise<ClipTranscriptEdit | undefined> {
    return await this.db.get('SELECT * FROM clip_transcripts WHERE clip_id = ?', clipId) as ClipTranscriptEdit | undefined;
  }

  async saveTranscriptEdit(edit: ClipTranscriptEdit): Promise<void> {
    await this.db.run(`INSERT INTO clip_transcripts (clip_id, start, "end", words, updated_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (clip_id) DO UPDATE SET start = excluded.start, "end" = excluded."end", words = excluded.words, updated_at = excluded.updated_at`, edit.clip_id, edit.start, edit.end, edit.words, edit.updated_at);
  }
}

/**
 * Called inside the transaction that marks a clip's preview ready (spec "Post" states: a clip
 * preview becoming ready creates one draft per connected platform). Drafts register here, so
 * the clip pipeline does not depend on the publishing code.
 */
export type PreviewReadyHook = (clip: ClipRow) => Promise<void>;
