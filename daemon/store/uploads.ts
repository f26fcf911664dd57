import type { Sql } from './sql.js';
import type { UploadKind, UploadPart, UploadPatch, UploadRecord, UploadStatus } from './records.js';
import type { UploadRepository } from './repositories.js';

export type { UploadKind, UploadPart, UploadPatch, UploadRecord, UploadStatus };

/** SQL of the uploads table; the state machine lives in daemon/uploads/upload-service.ts. */
export class UploadRepo implements UploadRepository {
  constructor(private db: Sql) {}

  async insert(record: UploadRecord): Promise<void> {
    const cols = Object.keys(record);
    await this.db.run(`INSERT INTO uploads (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`, record);
  }

  async get(id: string): Promise<UploadRecord | undefined> {
    return await this.db.get('SELECT * FROM uploads WHERE id = ?', id) as UploadRecord | undefined;
  }

  /** The upload only when it belongs to the team: another team's id reads as unknown. */
  async getForTeam(teamId: string, id: string): Promise<UploadRecord | undefined> {
    return await this.db.get('SELECT * FROM uploads WHERE id = ? AND team_id = ?', id, teamId) as UploadRecord | undefined;
  }

  async byObjectKey(key: string): Promise<UploadRecord | undefined> {
    return await this.db.get('SELECT * FROM uploads WHERE object_key = ?', key) as UploadRecord | undefined;
  }

  async byMultipartId(multipartId: string): Promise<UploadRecord | undefined> {
    return await this.db.get('SELECT * FROM uploads WHERE multipart_id = ?', multipartId) as UploadRecord | undefined;
  }

  /** Applies `patch` only while the upload is in one of `from`; false when it was not. */
  async transition(id: string, from: UploadStatus[], patch: UploadPatch, now: number): Promise<boolean> {
    const sets = Object.keys(patch).map((k) => `${k} = @${k}`);
    const states = from.map((_, i) => `@from${i}`).join(', ');
    const params = { ...patch, id, now, ...Object.fromEntries(from.map((s, i) => [`from${i}`, s])) };
    return await this.db.run(`UPDATE uploads SET ${[...sets, 'updated_at = @now'].join(', ')} WHERE id = @id AND status IN (${states})`, params) === 1;
  }

  /** Marks the upload as feeding `jobId`, only if it is complete and unclaimed. */
  async claim(id: string, jobId: string, now: number): Promise<boolean> {
    return await this.db.run("UPDATE uploads SET job_id = ?, updated_at = ? WHERE id = ? AND status = 'complete' AND job_id IS NULL", jobId, now, id) === 1;
  }

  /** complete -> expired, only while no clip job has claimed it (the cleanup's removal). */
  async expireUnused(id: string, now: number): Promise<boolean> {
    return await this.db.run("UPDATE uploads SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'complete' AND job_id IS NULL", now, id) === 1;
  }

  async parts(id: string): Promise<UploadPart[]> {
    return await this.db.all('SELECT part_number, etag, size, received_at FROM upload_parts WHERE upload_id = ? ORDER BY part_number', id) as UploadPart[];
  }

  async savePart(id: string, part: UploadPart): Promise<void> {
    await this.db.run('INSERT INTO upload_parts (upload_id, part_number, etag, size, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size, received_at = excluded.received_at', id, part.part_number, part.etag, part.size, part.received_at);
  }

  async deletePart(id: string, partNumber: number): Promise<void> {
    await this.db.run('DELETE FROM upload_parts WHERE upload_id = ? AND part_number = ?', id, partNumber);
  }

  async deleteParts(id: string): Promise<void> {
    await this.db.run('DELETE FROM upload_parts WHERE upload_id = ?', id);
  }

  /** Pending uploads past their time, and complete ones never used by a job past theirs. */
  async dueForCleanup(now: number): Promise<UploadRecord[]> {
    return await this.db.all("SELECT * FROM uploads WHERE stale_at <= ? AND (status = 'pending' OR (status = 'complete' AND job_id IS NULL)) ORDER BY stale_at", now) as UploadRecord[];
  }
}
