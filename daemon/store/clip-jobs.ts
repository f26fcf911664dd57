import type { Sql } from './sql.js';
import type { Segment } from '../domain/transcript.js';
import { newId } from '../../src/api/ids.js';
import type { PageAfter } from '../../src/api/lists.js';
import type { ClipJobRow, ClipToStore, NewClipJob } from './records.js';
import type { ClipJobRepository } from './repositories.js';

export type { ClipJobRow, ClipToStore, NewClipJob };

/** SQL of clip jobs, their stage results and their clips. Every write joins the caller's transaction. */
export class ClipJobRepo implements ClipJobRepository {
  constructor(private db: Sql) {}

  async insert(input: NewClipJob, now: number, id = newId('job')): Promise<ClipJobRow> {
    const row: ClipJobRow = { requested_clips: null, ...input, id, asset_id: newId('asset'), status: 'queued', progress: 0, error: null, created_at: now, updated_at: now };
    await this.db.run(`INSERT INTO clip_jobs (id, team_id, asset_id, status, source_type, source_url, upload_id, criteria, target_duration, requested_clips, language, folder_name, media_key, progress, error, created_at, updated_at)
         VALUES (@id, @team_id, @asset_id, @status, @source_type, @source_url, @upload_id, @criteria, @target_duration, @requested_clips, @language, @folder_name, @media_key, @progress, @error, @created_at, @updated_at)`, row);
    return row;
  }

  async get(teamId: string, id: string): Promise<ClipJobRow | undefined> {
    return await this.db.get('SELECT * FROM clip_jobs WHERE id = ? AND team_id = ?', id, teamId) as ClipJobRow | undefined;
  }

  /** A team's newest jobs first. */
  async listByTeam(teamId: string, limit: number): Promise<ClipJobRow[]> {
    return await this.db.all('SELECT * FROM clip_jobs WHERE team_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?', teamId, limit) as ClipJobRow[];
  }

  /**
   * A page of a team's jobs, newest first (created_at, then id), after `after`, optionally of one
   * status, each with its number of clips (GET /v1/clips).
   */
  async page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): Promise<Array<ClipJobRow & { clip_count: number }>> {
    const where = ['team_id = @teamId'];
    if (q.status) where.push('status = @status');
    if (q.after) where.push('(created_at < @afterAt OR (created_at = @afterAt AND id < @afterId))');
    return await this.db.all(`SELECT clip_jobs.*, (SELECT COUNT(*) FROM clips WHERE clips.job_id = clip_jobs.id) AS clip_count FROM clip_jobs
         WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT @limit`, { teamId, status: q.status ?? null, afterAt: q.after?.created_at ?? null, afterId: q.after?.id ?? null, limit: q.limit }) as Array<ClipJobRow & { clip_count: number }>;
  }

  async byId(id: string): Promise<ClipJobRow | undefined> {
    return await this.db.get('SELECT * FROM clip_jobs WHERE id = ?', id) as ClipJobRow | undefined;
  }

  /** Changes some columns of a job (always bumps updated_at). */
  async update(id: string, fields: Partial<Pick<ClipJobRow, 'status' | 'folder_name' | 'media_key' | 'progress' | 'error'>>, now: number): Promise<void> {
    const keys = Object.keys(fields);
    const sets = keys.map((k) => `${k} = @${k}`).concat('updated_at = @updated_at').join(', ');
    await this.db.run(`UPDATE clip_jobs SET ${sets} WHERE id = @id`, { ...fields, updated_at: now, id });
  }

  /** Finished stage results of a job, by stage name (resume after a crash reads these). */
  async stageResults(jobId: string): Promise<Map<string, unknown>> {
    const rows = await this.db.all('SELECT stage, result FROM job_stages WHERE job_id = ? ORDER BY stage', jobId) as Array<{ stage: string; result: string }>;
    return new Map(rows.map((r) => [r.stage, JSON.parse(r.result)]));
  }

  /** One stage's result, or undefined when that stage has not finished. */
  async stageResult(jobId: string, stage: string): Promise<unknown> {
    const row = await this.db.value('SELECT result FROM job_stages WHERE job_id = ? AND stage = ?', jobId, stage) as string | undefined;
    return row === undefined ? undefined : JSON.parse(row);
  }

  /** The results of the stages whose names start with `prefix` ("suggest:"), by stage name. */
  async stagesNamed(jobId: string, prefix: string): Promise<Map<string, unknown>> {
    const rows = await this.db.all('SELECT stage, result FROM job_stages WHERE job_id = ? AND substr(stage, 1, ?) = ?', jobId, prefix.length, prefix) as Array<{ stage: string; result: string }>;
    return new Map(rows.map((r) => [r.stage, JSON.parse(r.result)]));
  }

  /**
   * The job's stored transcript: the segments of its `transcribe:<n>` stage results in chunk
   * order (empty before transcription has stored anything). Other modules read this, never the
   * stage rows themselves.
   */
  async transcriptOf(jobId: string): Promise<Segment[]> {
    const rows = (await this.db.all("SELECT stage, result FROM job_stages WHERE job_id = ? AND stage LIKE 'transcribe:%'", jobId) as Array<{ stage: string; result: string }>).filter((r) => /^transcribe:[0-9]/.test(r.stage));
    const chunk = (stage: string) => Number(stage.slice('transcribe:'.length));
    return rows
      .sort((a, b) => chunk(a.stage) - chunk(b.stage))
      .flatMap((r) => {
        const value = JSON.parse(r.result) as { segments?: Segment[] };
        return Array.isArray(value?.segments) ? value.segments : [];
      });
  }

  /** The source video's object key and the job's language, for renders and drafts (any team). */
  async sourceOf(jobId: string): Promise<{ media_key: string | null; language: string } | undefined> {
    return await this.db.get('SELECT media_key, language FROM clip_jobs WHERE id = ?', jobId) as { media_key: string | null; language: string } | undefined;
  }

  /** The names of a job's finished stages (cheap: no result is read). */
  async stageNames(jobId: string): Promise<string[]> {
    return await this.db.column('SELECT stage FROM job_stages WHERE job_id = ? ORDER BY stage', jobId) as string[];
  }

  async saveStage(jobId: string, stage: string, result: unknown, now: number): Promise<void> {
    await this.db.run('INSERT INTO job_stages (job_id, stage, result, finished_at) VALUES (?, ?, ?, ?) ON CONFLICT (job_id, stage) DO UPDATE SET result = excluded.result, finished_at = excluded.finished_at', jobId, stage, JSON.stringify(result), now);
  }

  /** Stores clips after the ones the job already has (ranks continue); returns their ids. */
  async insertClips(job: Pick<ClipJobRow, 'id' | 'team_id'>, clips: ClipToStore[], now: number): Promise<string[]> {
    return await this.db.transaction(async () => {
      let rank = (await this.db.value('SELECT COALESCE(MAX(rank), -1) FROM clips WHERE job_id = ?', job.id) as number) + 1;
      const ids: string[] = [];
      for (const c of clips) {
        const id = newId('clip');
        await this.db.run(
          `INSERT INTO clips (id, job_id, team_id, rank, start, "end", title, score, score_breakdown, reason, transcript, words, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id, job.id, job.team_id, rank++, c.start, c.end, c.title, c.score, JSON.stringify(c.scores ? { ...c.score_breakdown, scores: c.scores } : c.score_breakdown), c.reason, c.transcript, JSON.stringify(c.words), now,
        );
        ids.push(id);
      }
      return ids;
    });
  }

  /** Renumbers a job's clips best first (by score); ranks are unique, so move them aside first. */
  async rankByScore(jobId: string): Promise<void> {
    await this.db.transaction(async () => {
      const ids = await this.db.column('SELECT id FROM clips WHERE job_id = ? ORDER BY score DESC, start', jobId) as string[];
      await this.db.run('UPDATE clips SET rank = -rank - 1 WHERE job_id = ?', jobId);
      for (const [i, id] of ids.entries()) await this.db.run('UPDATE clips SET rank = ? WHERE id = ?', i, id);
    });
  }

  async setScores(jobId: string, scores: Array<{ id: string; score: number }>): Promise<void> {
    await this.db.transaction(async () => {
      for (const { id, score } of scores) await this.db.run('UPDATE clips SET score = ? WHERE id = ? AND job_id = ?', score, id, jobId);
    });
  }

  async setPreview(clipId: string, key: string, now: number): Promise<void> {
    await this.db.run('UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ?', key, now, clipId);
  }
}
