import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { Segment } from '../pipeline/types.js';
import { newId } from '../../src/api/ids.js';
import type { PageAfter } from '../../src/api/lists.js';
import type { ClipJobRow, ClipToStore, NewClipJob } from './records.js';
import type { ClipJobRepository } from './repositories.js';

export type { ClipJobRow, ClipToStore, NewClipJob };

/** The stage holding the copy a language model wrote for a clip (issue 20, item 5). */
export const copyStage = (clipId: string): string => `copy:${clipId}`;

/** SQL of clip jobs, their stage results and their clips. Every write joins the caller's transaction. */
export class ClipJobRepo implements Synchronous<ClipJobRepository> {
  constructor(private db: Db) {}

  insert(input: NewClipJob, now: number, id = newId('job')): ClipJobRow {
    const row: ClipJobRow = { ...input, id, asset_id: newId('asset'), status: 'queued', progress: 0, error: null, created_at: now, updated_at: now };
    this.db
      .prepare(
        `INSERT INTO clip_jobs (id, team_id, asset_id, status, source_type, source_url, upload_id, criteria, target_duration, language, folder_name, media_key, progress, error, created_at, updated_at)
         VALUES (@id, @team_id, @asset_id, @status, @source_type, @source_url, @upload_id, @criteria, @target_duration, @language, @folder_name, @media_key, @progress, @error, @created_at, @updated_at)`,
      )
      .run(row);
    return row;
  }

  get(teamId: string, id: string): ClipJobRow | undefined {
    return this.db.prepare('SELECT * FROM clip_jobs WHERE id = ? AND team_id = ?').get(id, teamId) as ClipJobRow | undefined;
  }

  /** A team's newest jobs first. */
  listByTeam(teamId: string, limit: number): ClipJobRow[] {
    return this.db.prepare('SELECT * FROM clip_jobs WHERE team_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(teamId, limit) as ClipJobRow[];
  }

  /**
   * A page of a team's jobs, newest first (created_at, then id), after `after`, optionally of one
   * status, each with its number of clips (GET /v1/clips).
   */
  page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): Array<ClipJobRow & { clip_count: number }> {
    const where = ['team_id = @teamId'];
    if (q.status) where.push('status = @status');
    if (q.after) where.push('(created_at < @afterAt OR (created_at = @afterAt AND id < @afterId))');
    return this.db
      .prepare(
        `SELECT clip_jobs.*, (SELECT COUNT(*) FROM clips WHERE clips.job_id = clip_jobs.id) AS clip_count FROM clip_jobs
         WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT @limit`,
      )
      .all({ teamId, status: q.status ?? null, afterAt: q.after?.created_at ?? null, afterId: q.after?.id ?? null, limit: q.limit }) as Array<ClipJobRow & { clip_count: number }>;
  }

  byId(id: string): ClipJobRow | undefined {
    return this.db.prepare('SELECT * FROM clip_jobs WHERE id = ?').get(id) as ClipJobRow | undefined;
  }

  /** Changes some columns of a job (always bumps updated_at). */
  update(id: string, fields: Partial<Pick<ClipJobRow, 'status' | 'folder_name' | 'media_key' | 'progress' | 'error'>>, now: number): void {
    const keys = Object.keys(fields);
    const sets = keys.map((k) => `${k} = @${k}`).concat('updated_at = @updated_at').join(', ');
    this.db.prepare(`UPDATE clip_jobs SET ${sets} WHERE id = @id`).run({ ...fields, updated_at: now, id });
  }

  /** Finished stage results of a job, by stage name (resume after a crash reads these). */
  stageResults(jobId: string): Map<string, unknown> {
    const rows = this.db.prepare('SELECT stage, result FROM job_stages WHERE job_id = ?').all(jobId) as Array<{ stage: string; result: string }>;
    return new Map(rows.map((r) => [r.stage, JSON.parse(r.result)]));
  }

  /** One stage's result, or undefined when that stage has not finished. */
  stageResult(jobId: string, stage: string): unknown {
    const row = this.db.prepare('SELECT result FROM job_stages WHERE job_id = ? AND stage = ?').pluck().get(jobId, stage) as string | undefined;
    return row === undefined ? undefined : JSON.parse(row);
  }

  /** The results of the stages whose names start with `prefix` ("suggest:"), by stage name. */
  stagesNamed(jobId: string, prefix: string): Map<string, unknown> {
    const rows = this.db.prepare('SELECT stage, result FROM job_stages WHERE job_id = ? AND substr(stage, 1, ?) = ?').all(jobId, prefix.length, prefix) as Array<{ stage: string; result: string }>;
    return new Map(rows.map((r) => [r.stage, JSON.parse(r.result)]));
  }

  /**
   * The job's stored transcript: the segments of its `transcribe:<n>` stage results in chunk
   * order (empty before transcription has stored anything). Other modules read this, never the
   * stage rows themselves.
   */
  transcriptOf(jobId: string): Segment[] {
    const rows = this.db.prepare("SELECT stage, result FROM job_stages WHERE job_id = ? AND stage GLOB 'transcribe:[0-9]*'").all(jobId) as Array<{ stage: string; result: string }>;
    const chunk = (stage: string) => Number(stage.slice('transcribe:'.length));
    return rows
      .sort((a, b) => chunk(a.stage) - chunk(b.stage))
      .flatMap((r) => {
        const value = JSON.parse(r.result) as { segments?: Segment[] };
        return Array.isArray(value?.segments) ? value.segments : [];
      });
  }

  /** The source video's object key and the job's language, for renders and drafts (any team). */
  sourceOf(jobId: string): { media_key: string | null; language: string } | undefined {
    return this.db.prepare('SELECT media_key, language FROM clip_jobs WHERE id = ?').get(jobId) as { media_key: string | null; language: string } | undefined;
  }

  /** The names of a job's finished stages (cheap: no result is read). */
  stageNames(jobId: string): string[] {
    return this.db.prepare('SELECT stage FROM job_stages WHERE job_id = ?').pluck().all(jobId) as string[];
  }

  saveStage(jobId: string, stage: string, result: unknown, now: number): void {
    this.db
      .prepare('INSERT INTO job_stages (job_id, stage, result, finished_at) VALUES (?, ?, ?, ?) ON CONFLICT (job_id, stage) DO UPDATE SET result = excluded.result, finished_at = excluded.finished_at')
      .run(jobId, stage, JSON.stringify(result), now);
  }

  /** Stores clips after the ones the job already has (ranks continue); returns their ids. */
  insertClips(job: Pick<ClipJobRow, 'id' | 'team_id'>, clips: ClipToStore[], now: number): string[] {
    let rank = (this.db.prepare('SELECT COALESCE(MAX(rank), -1) FROM clips WHERE job_id = ?').pluck().get(job.id) as number) + 1;
    const insert = this.db.prepare(
      `INSERT INTO clips (id, job_id, team_id, rank, start, "end", title, score, score_breakdown, reason, transcript, words, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return clips.map((c) => {
      const id = newId('clip');
      insert.run(id, job.id, job.team_id, rank++, c.start, c.end, c.title, c.score, JSON.stringify(c.score_breakdown), c.reason, c.transcript, JSON.stringify(c.words), now);
      return id;
    });
  }

  /** Renumbers a job's clips best first (by score); ranks are unique, so move them aside first. */
  rankByScore(jobId: string): void {
    const ids = this.db.prepare('SELECT id FROM clips WHERE job_id = ? ORDER BY score DESC, start').pluck().all(jobId) as string[];
    this.db.prepare('UPDATE clips SET rank = -rank - 1 WHERE job_id = ?').run(jobId);
    const set = this.db.prepare('UPDATE clips SET rank = ? WHERE id = ?');
    ids.forEach((id, i) => set.run(i, id));
  }

  setPreview(clipId: string, key: string, now: number): void {
    this.db.prepare('UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ?').run(key, now, clipId);
  }
}
