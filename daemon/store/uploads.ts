import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { UploadKind, UploadPart, UploadPatch, UploadRecord, UploadStatus } from './records.js';
import type { UploadRepository } from './repositories.js';

export type { UploadKind, UploadPart, UploadPatch, UploadRecord, UploadStatus };

/** SQL of the uploads table; the state machine lives in daemon/uploads/upload-service.ts. */
export class UploadRepo implements Synchronous<UploadRepository> {
  constructor(private db: Db) {}

  insert(record: UploadRecord): void {
    const cols = Object.keys(record);
    this.db.prepare(`INSERT INTO uploads (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(record);
  }

  get(id: string): UploadRecord | undefined {
    return this.db.prepare('SELECT * FROM uploads WHERE id = ?').get(id) as UploadRecord | undefined;
  }

  /** The upload only when it belongs to the team: another team's id reads as unknown. */
  getForTeam(teamId: string, id: string): UploadRecord | undefined {
    return this.db.prepare('SELECT * FROM uploads WHERE id = ? AND team_id = ?').get(id, teamId) as UploadRecord | undefined;
  }

  byObjectKey(key: string): UploadRecord | undefined {
    return this.db.prepare('SELECT * FROM uploads WHERE object_key = ?').get(key) as UploadRecord | undefined;
  }

  byMultipartId(multipartId: string): UploadRecord | undefined {
    return this.db.prepare('SELECT * FROM uploads WHERE multipart_id = ?').get(multipartId) as UploadRecord | undefined;
  }

  /** Applies `patch` only while the upload is in one of `from`; false when it was not. */
  transition(id: string, from: UploadStatus[], patch: UploadPatch, now: number): boolean {
    const sets = Object.keys(patch).map((k) => `${k} = @${k}`);
    const states = from.map((_, i) => `@from${i}`).join(', ');
    const params = { ...patch, id, now, ...Object.fromEntries(from.map((s, i) => [`from${i}`, s])) };
    return this.db.prepare(`UPDATE uploads SET ${[...sets, 'updated_at = @now'].join(', ')} WHERE id = @id AND status IN (${states})`).run(params).changes === 1;
  }

  /** Marks the upload as feeding `jobId`, only if it is complete and unclaimed. */
  claim(id: string, jobId: string, now: number): boolean {
    return this.db.prepare("UPDATE uploads SET job_id = ?, updated_at = ? WHERE id = ? AND status = 'complete' AND job_id IS NULL").run(jobId, now, id).changes === 1;
  }

  /** complete -> expired, only while no clip job has claimed it (the cleanup's removal). */
  expireUnused(id: string, now: number): boolean {
    return this.db.prepare("UPDATE uploads SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'complete' AND job_id IS NULL").run(now, id).changes === 1;
  }

  parts(id: string): UploadPart[] {
    return this.db.prepare('SELECT part_number, etag, size, received_at FROM upload_parts WHERE upload_id = ? ORDER BY part_number').all(id) as UploadPart[];
  }

  savePart(id: string, part: UploadPart): void {
    this.db
      .prepare('INSERT INTO upload_parts (upload_id, part_number, etag, size, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size, received_at = excluded.received_at')
      .run(id, part.part_number, part.etag, part.size, part.received_at);
  }

  deletePart(id: string, partNumber: number): void {
    this.db.prepare('DELETE FROM upload_parts WHERE upload_id = ? AND part_number = ?').run(id, partNumber);
  }

  deleteParts(id: string): void {
    this.db.prepare('DELETE FROM upload_parts WHERE upload_id = ?').run(id);
  }

  /** Pending uploads past their time, and complete ones never used by a job past theirs. */
  dueForCleanup(now: number): UploadRecord[] {
    return this.db
      .prepare("SELECT * FROM uploads WHERE stale_at <= ? AND (status = 'pending' OR (status = 'complete' AND job_id IS NULL)) ORDER BY stale_at")
      .all(now) as UploadRecord[];
  }
}
