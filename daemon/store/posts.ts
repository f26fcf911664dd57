import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { moveStatus } from './status-cas.js';
import type { Platform } from '../../src/api/events.js';
import type { PostStatus } from '../../src/api/posts.js';
import type { AttemptRow, PostRow } from './records.js';
import type { PostRepository } from './repositories.js';

export type { AttemptRow, PostRow };

/**
 * SQL of posts and publish attempts. Every status change is a compare-and-set on the expected
 * current status, so two callers (a cancel and the publish task) can never both win.
 */
export class PostRepo implements Synchronous<PostRepository> {
  constructor(private db: Db) {}

  insert(row: PostRow): void {
    this.db
      .prepare(
        `INSERT INTO posts (id, team_id, clip_id, platform, status, caption, title, settings, scheduled_at, published_at, published_url, error, created_at, updated_at, layout, caption_style)
         VALUES (@id, @team_id, @clip_id, @platform, @status, @caption, @title, @settings, @scheduled_at, @published_at, @published_url, @error, @created_at, @updated_at, @layout, @caption_style)`,
      )
      .run(row);
  }

  get(teamId: string, id: string): PostRow | undefined {
    return this.db.prepare('SELECT * FROM posts WHERE id = ? AND team_id = ?').get(id, teamId) as PostRow | undefined;
  }

  byId(id: string): PostRow | undefined {
    return this.db.prepare('SELECT * FROM posts WHERE id = ?').get(id) as PostRow | undefined;
  }

  listByClip(clipId: string): PostRow[] {
    return this.db.prepare('SELECT * FROM posts WHERE clip_id = ? ORDER BY created_at, rowid').all(clipId) as PostRow[];
  }

  exists(clipId: string, platform: Platform): boolean {
    return !!this.db.prepare('SELECT 1 FROM posts WHERE clip_id = ? AND platform = ?').get(clipId, platform);
  }

  /** Moves a post from one of `from` to `to`, setting `fields`; false when it was not in `from`. */
  transition(id: string, from: readonly PostStatus[], to: PostStatus, now: number, fields: Partial<Pick<PostRow, 'scheduled_at' | 'published_at' | 'published_url' | 'error'>> = {}): boolean {
    return moveStatus(this.db, 'posts', { id }, from, to, now, fields);
  }

  /** Edits a draft's content; false when it is no longer a draft. */
  updateDraft(id: string, fields: Pick<PostRow, 'caption' | 'title' | 'settings' | 'layout' | 'caption_style'>, now: number): boolean {
    return (
      this.db
        .prepare(
          "UPDATE posts SET caption = @caption, title = @title, settings = @settings, layout = @layout, caption_style = @caption_style, updated_at = @now WHERE id = @id AND status = 'draft'",
        )
        .run({ id, now, ...fields }).changes > 0
    );
  }

  /** Scheduled posts whose time has come (including any that fell due while the daemon was down). */
  due(now: number, limit = 100): PostRow[] {
    return this.db.prepare("SELECT * FROM posts WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at LIMIT ?").all(now, limit) as PostRow[];
  }

  nextDueAt(): number | undefined {
    return (this.db.prepare("SELECT MIN(scheduled_at) FROM posts WHERE status = 'scheduled'").pluck().get() as number | null) ?? undefined;
  }

  // --- publish attempts -------------------------------------------------------------------

  openAttempt(postId: string): AttemptRow | undefined {
    return this.db.prepare("SELECT * FROM publish_attempts WHERE post_id = ? AND status = 'started' ORDER BY started_at DESC LIMIT 1").get(postId) as AttemptRow | undefined;
  }

  attempts(postId: string): AttemptRow[] {
    return this.db.prepare('SELECT * FROM publish_attempts WHERE post_id = ? ORDER BY started_at, rowid').all(postId) as AttemptRow[];
  }

  startAttempt(a: Pick<AttemptRow, 'id' | 'post_id' | 'connector' | 'started_at'>): void {
    this.db.prepare("INSERT INTO publish_attempts (id, post_id, connector, status, started_at) VALUES (@id, @post_id, @connector, 'started', @started_at)").run(a);
  }

  saveResumeState(attemptId: string, state: string): void {
    this.db.prepare("UPDATE publish_attempts SET resume_state = ? WHERE id = ? AND status = 'started'").run(state, attemptId);
  }

  finishAttempt(attemptId: string, result: { status: 'succeeded' | 'failed'; external_id?: string; published_url?: string; error?: string }, now: number): void {
    this.db
      .prepare('UPDATE publish_attempts SET status = @status, external_id = @external_id, published_url = @published_url, error = @error, finished_at = @now WHERE id = @id')
      .run({ id: attemptId, now, external_id: null, published_url: null, error: null, ...result });
  }
}
