import type { Sql } from './sql.js';
import { moveStatus } from './status-cas.js';
import type { Platform } from '../../src/api/events.js';
import type { PostStatus } from '../../src/api/posts.js';
import type { AttemptRow, LookChoice, PostRow } from './records.js';
import type { PostRepository } from './repositories.js';

export type { AttemptRow, PostRow };

/** The issue 29 and 30 columns an edit leaves out: 9:16, nothing cut, captions not marking speakers. */
const NO_CUTS = { aspect: null, remove_fillers: null, remove_silences: null, keep_spans: null, caption_speakers: null };

/**
 * SQL of posts and publish attempts. Every status change is a compare-and-set on the expected
 * current status, so two callers (a cancel and the publish task) can never both win.
 */
export class PostRepo implements PostRepository {
  constructor(private db: Sql) {}

  async insert(row: PostRow): Promise<void> {
    await this.db.run(`INSERT INTO posts (id, team_id, clip_id, platform, status, caption, title, settings, scheduled_at, published_at, published_url, error, created_at, updated_at, layout, caption_style, aspect, remove_fillers, remove_silences, keep_spans, caption_speakers)
         VALUES (@id, @team_id, @clip_id, @platform, @status, @caption, @title, @settings, @scheduled_at, @published_at, @published_url, @error, @created_at, @updated_at, @layout, @caption_style, @aspect, @remove_fillers, @remove_silences, @keep_spans, @caption_speakers)`, { ...NO_CUTS, ...row });
  }

  async get(teamId: string, id: string): Promise<PostRow | undefined> {
    return await this.db.get('SELECT * FROM posts WHERE id = ? AND team_id = ?', id, teamId) as PostRow | undefined;
  }

  async byId(id: string): Promise<PostRow | undefined> {
    return await this.db.get('SELECT * FROM posts WHERE id = ?', id) as PostRow | undefined;
  }

  async listByClip(clipId: string): Promise<PostRow[]> {
    return await this.db.all('SELECT * FROM posts WHERE clip_id = ? ORDER BY created_at, rowid', clipId) as PostRow[];
  }

  async exists(clipId: string, platform: Platform): Promise<boolean> {
    return !!await this.db.get('SELECT 1 FROM posts WHERE clip_id = ? AND platform = ?', clipId, platform);
  }

  /** Moves a post from one of `from` to `to`, setting `fields`; false when it was not in `from`. */
  async transition(id: string, from: readonly PostStatus[], to: PostStatus, now: number, fields: Partial<Pick<PostRow, 'scheduled_at' | 'published_at' | 'published_url' | 'error'>> = {}): Promise<boolean> {
    return await moveStatus(this.db, 'posts', { id }, from, to, now, fields);
  }

  /** Edits a draft's content; false when it is no longer a draft. */
  async updateDraft(id: string, fields: Pick<PostRow, 'caption' | 'title' | 'settings' | 'layout' | 'caption_style'> & Partial<LookChoice>, now: number): Promise<boolean> {
    return (
      await this.db.run(`UPDATE posts SET caption = @caption, title = @title, settings = @settings, layout = @layout, caption_style = @caption_style,
         aspect = @aspect, remove_fillers = @remove_fillers, remove_silences = @remove_silences, keep_spans = @keep_spans, caption_speakers = @caption_speakers, updated_at = @now WHERE id = @id AND status = 'draft'`, { id, now, ...NO_CUTS, ...fields }) > 0
    );
  }

  /** Scheduled posts whose time has come (including any that fell due while the daemon was down). */
  async due(now: number, limit = 100): Promise<PostRow[]> {
    return await this.db.all("SELECT * FROM posts WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at LIMIT ?", now, limit) as PostRow[];
  }

  async nextDueAt(): Promise<number | undefined> {
    return (await this.db.value("SELECT MIN(scheduled_at) FROM posts WHERE status = 'scheduled'") as number | null) ?? undefined;
  }

  // --- publish attempts -------------------------------------------------------------------

  async openAttempt(postId: string): Promise<AttemptRow | undefined> {
    return await this.db.get("SELECT * FROM publish_attempts WHERE post_id = ? AND status = 'started' ORDER BY started_at DESC LIMIT 1", postId) as AttemptRow | undefined;
  }

  async attempts(postId: string): Promise<AttemptRow[]> {
    return await this.db.all('SELECT * FROM publish_attempts WHERE post_id = ? ORDER BY started_at, rowid', postId) as AttemptRow[];
  }

  async startAttempt(a: Pick<AttemptRow, 'id' | 'post_id' | 'connector' | 'started_at'>): Promise<void> {
    await this.db.run("INSERT INTO publish_attempts (id, post_id, connector, status, started_at) VALUES (@id, @post_id, @connector, 'started', @started_at)", a);
  }

  async saveResumeState(attemptId: string, state: string): Promise<void> {
    await this.db.run("UPDATE publish_attempts SET resume_state = ? WHERE id = ? AND status = 'started'", state, attemptId);
  }

  async finishAttempt(attemptId: string, result: { status: 'succeeded' | 'failed'; external_id?: string; published_url?: string; error?: string }, now: number): Promise<void> {
    await this.db.run('UPDATE publish_attempts SET status = @status, external_id = @external_id, published_url = @published_url, error = @error, finished_at = @now WHERE id = @id', { id: attemptId, now, external_id: null, published_url: null, error: null, ...result });
  }
}
