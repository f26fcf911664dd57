import { badRequest, conflict, notFound } from '../../../src/api/errors.js';
import type { Platform } from '../../../src/api/events.js';
import { newId } from '../../../src/api/ids.js';
import { parseBody } from '../../../src/api/validate.js';
import {
  CAPTION_LIMITS, HASHTAG_LIMITS, MIN_SCHEDULE_LEAD_MS, SETTINGS_KEY, captionProblem, createPostSchema, publishPostSchema, updatePostSchema,
  type Post, type PostStatus,
} from '../../../src/api/posts.js';
import { emptyBodySchema } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { Store } from '../../store/index.js';
import type { TaskRunner } from '../../tasks/task-runner.js';
import type { ClipRow } from '../../store/clips.js';
import type { PostRow } from '../../store/posts.js';
import { writeDraft } from './drafts.js';
import { withoutLocalPaths } from '../../pipeline/media/errors.js';
import { postView } from './view.js';

export const PUBLISH_TASK = 'post.publish';
/** Spec "Post" states: cancel works from these; from `processing` on the post cannot be pulled back. */
const CANCELLABLE: readonly PostStatus[] = ['draft', 'scheduled', 'queued'];
/** States in which publishing is under way and may still fail. */
const PUBLISHING: readonly PostStatus[] = ['queued', 'processing', 'uploading'];
/** States a post ends in: a new draft of its clip on its platform may follow. */
const OVER: readonly PostStatus[] = ['published', 'failed', 'cancelled'];

export { captionLength } from '../../../src/api/posts.js';

export interface PostServiceDeps {
  store: Pick<Store, 'posts' | 'platforms' | 'clips' | 'clipJobs' | 'events' | 'tasks' | 'transaction'>;
  clock: Clock;
  log: Logger;
  tasks: Pick<TaskRunner, 'enqueue'>;
  /** Whether a connector of that name is installed (a connection naming another cannot publish). */
  hasConnector: (name: string) => boolean;
}

/**
 * The one owner of the post state machine (spec "Post"): drafts, edits, publish / schedule,
 * cancel, the scheduler's promotion of due posts and the publish task's moves. Every move is a
 * compare-and-set on the current status inside a transaction that also writes its event.
 */
export class PostService {
  readonly repo: Store['posts'];
  private readonly store: PostServiceDeps['store'];
  constructor(private d: PostServiceDeps) {
    this.store = d.store;
    this.repo = d.store.posts;
  }

  require(teamId: string, id: string): PostRow {
    const row = this.repo.get(teamId, id);
    if (!row) throw notFound('Post', id);
    return row;
  }

  get(teamId: string, id: string): Post {
    return postView(this.require(teamId, id));
  }

  listForClip(teamId: string, clipId: string): Post[] {
    if (!this.store.clips.get(teamId, clipId)) throw notFound('Clip', clipId);
    return this.repo.listByClip(clipId).map(postView);
  }

  /** Preview-ready hook: one draft per connected platform (runs inside the preview transaction). */
  createDrafts(clip: ClipRow): PostRow[] {
    const now = this.d.clock.now();
    const created: PostRow[] = [];
    for (const conn of this.store.platforms.list(clip.team_id)) {
      if (this.repo.exists(clip.id, conn.platform)) continue; // a repeated preview does not duplicate drafts
      created.push(this.insertDraft(clip, conn.platform, now));
    }
    return created;
  }

  /**
   * POST /v1/clips/:clipId/posts (DESIGN.md "Second round"): a new draft of the clip for one
   * connected platform. 400 without an active connection; 409 while the clip has a post on that
   * platform that is not over (published, failed or cancelled), so a draft is never doubled.
   */
  createForClip(teamId: string, clipId: string, body: unknown): Post {
    const { platform } = parseBody(createPostSchema, body);
    const clip = this.store.clips.get(teamId, clipId);
    if (!clip) throw notFound('Clip', clipId);
    if (!this.store.platforms.list(teamId).some((c) => c.platform === platform && c.status === 'active')) {
      throw badRequest(`No active connection for ${platform}: connect it first (clipper platforms connect ${platform})`, { field: 'platform' });
    }
    return this.store.transaction(() => {
      const open = this.repo.listByClip(clipId).find((p) => p.platform === platform && !OVER.includes(p.status));
      if (open) throw conflict(`Clip ${clipId} already has post ${open.id} on ${platform} (${open.status}); edit or cancel it first`, { post_id: open.id, status: open.status });
      return postView(this.insertDraft(clip, platform, this.d.clock.now()));
    });
  }

  /**
   * DESIGN.md PATCH /v1/clips/:clipId: "new drafts are written" (issue 16: trimmed or corrected,
   * a clip's drafts are written again from its words). Posts past `draft` keep what they have.
   */
  rewriteDrafts(clip: ClipRow): void {
    const now = this.d.clock.now();
    for (const row of this.repo.listByClip(clip.id)) {
      if (row.status !== 'draft') continue;
      const draft = writeDraft({ clipJobs: this.store.clipJobs, clips: this.store.clips, log: this.d.log }, clip, row.platform);
      this.repo.updateDraft(row.id, { caption: draft.caption, title: draft.title ?? row.title, settings: row.settings, layout: row.layout, caption_style: row.caption_style }, now);
    }
  }

  /** Writes one draft and its post.draft.created event (the caller's transaction holds both). */
  private insertDraft(clip: ClipRow, platform: Platform, now: number): PostRow {
    const draft = writeDraft({ clipJobs: this.store.clipJobs, clips: this.store.clips, log: this.d.log }, clip, platform);
    const key = SETTINGS_KEY[platform];
    const row: PostRow = {
      id: newId('post'), team_id: clip.team_id, clip_id: clip.id, platform, status: 'draft',
      caption: draft.caption, title: draft.title ?? null, settings: key ? JSON.stringify(draft.settings) : null,
      scheduled_at: null, published_at: null, published_url: null, error: null, created_at: now, updated_at: now,
      layout: null, caption_style: null,
    };
    this.repo.insert(row);
    this.store.events.emit('post.draft.created', { post_id: row.id, clip_id: clip.id, platform: row.platform, team_id: clip.team_id });
    return row;
  }

  /** PUT /v1/posts/:postId: drafts only; fields of other platforms are refused (spec's 400s). */
  edit(teamId: string, id: string, body: unknown): Post {
    const input = parseBody(updatePostSchema, body);
    const row = this.require(teamId, id);
    if (row.status !== 'draft') throw notDraft(row, 'edited');
    const wrongPlatform = (field: string) => badRequest(`${field} can only be set on ${field === 'short_video' ? 'short_video' : 'long_video'} posts; this post is for ${row.platform}`, { field, platform: row.platform });
    if (input.title !== undefined && row.platform !== 'long_video') throw wrongPlatform('title');
    if (input.long_video !== undefined && row.platform !== 'long_video') throw wrongPlatform('long_video');
    if (input.short_video !== undefined && row.platform !== 'short_video') throw wrongPlatform('short_video');
    const problem = input.caption === undefined ? undefined : captionProblem(row.platform, input.caption);
    if (problem) throw badRequest(problem, { field: 'caption', limit: CAPTION_LIMITS[row.platform], hashtags: HASHTAG_LIMITS[row.platform] ?? null });
    const patch = input.short_video ?? input.long_video;
    const settings = patch ? JSON.stringify({ ...JSON.parse(row.settings ?? '{}'), ...stripUndefined(patch) }) : row.settings;
    const look = { layout: input.layout ?? row.layout, caption_style: input.caption_style ?? row.caption_style };
    const ok = this.repo.updateDraft(id, { caption: input.caption ?? row.caption, title: input.title ?? row.title, settings, ...look }, this.d.clock.now());
    if (!ok) throw notDraft(this.require(teamId, id), 'edited');
    return this.get(teamId, id);
  }

  /** POST /v1/posts/:postId/publish: now (`queued`) or at `scheduled_at` (`scheduled`). */
  publish(teamId: string, id: string, body: unknown): Post {
    const input = parseBody(publishPostSchema, body);
    const row = this.require(teamId, id);
    if (row.status !== 'draft') throw notDraft(row, 'published');
    const conn = this.store.platforms.get(teamId, row.platform);
    if (!conn || conn.status !== 'active' || !this.d.hasConnector(conn.connector)) {
      const why = conn?.status_reason ?? 'connect it first (POST /v1/platforms)';
      throw badRequest(`No active connection for ${row.platform}: ${why}`, { field: 'platform', platform: row.platform, ...(conn ? { status: conn.status } : {}) });
    }
    const now = this.d.clock.now();
    const at = input.scheduled_at ?? undefined;
    if (at !== undefined && at < now + MIN_SCHEDULE_LEAD_MS) {
      throw badRequest('scheduled_at must be at least 5 minutes in the future', { field: 'scheduled_at', earliest: now + MIN_SCHEDULE_LEAD_MS });
    }
    const moved = this.store.transaction(() => {
      if (at === undefined) return this.queue(row, ['draft'], now);
      if (!this.repo.transition(id, ['draft'], 'scheduled', now, { scheduled_at: at })) return false;
      this.store.events.emit('post.scheduled', { post_id: id, clip_id: row.clip_id, platform: row.platform, team_id: teamId, scheduled_at: at });
      return true;
    });
    if (!moved) throw notDraft(this.require(teamId, id), 'published');
    return this.get(teamId, id);
  }

  /** POST /v1/posts/:postId/cancel (DESIGN.md): no body; from draft, scheduled or queued only. */
  cancel(teamId: string, id: string, body: unknown = {}): Post {
    parseBody(emptyBodySchema, body);
    this.require(teamId, id); // 404 for another team's post, before anything moves
    const moved = this.store.transaction(() => {
      if (!this.repo.transition(id, CANCELLABLE, 'cancelled', this.d.clock.now())) return false;
      this.store.tasks.cancelPending(PUBLISH_TASK, id, this.d.clock.now());
      return true;
    });
    if (!moved) {
      const current = this.require(teamId, id);
      throw badRequest(`Post ${id} is ${current.status}; only draft, scheduled and queued posts can be cancelled`, { field: 'status', status: current.status });
    }
    return this.get(teamId, id);
  }

  /** The scheduler's step: due scheduled posts become queued, each with its publish task. */
  promoteDue(): number {
    const now = this.d.clock.now();
    let moved = 0;
    for (const row of this.repo.due(now)) {
      if (this.store.transaction(() => this.queue(row, ['scheduled'], now))) moved++;
    }
    return moved;
  }

  private queue(row: PostRow, from: readonly PostStatus[], now: number): boolean {
    if (!this.repo.transition(row.id, from, 'queued', now)) return false;
    this.d.tasks.enqueue({ kind: PUBLISH_TASK, resourceId: row.id, teamId: row.team_id });
    return true;
  }

  // --- moves made by the publish task --------------------------------------------------------

  /** queued -> processing; false when the post was cancelled (or already moved on). */
  startProcessing(id: string): boolean {
    return this.store.transaction(() => this.repo.transition(id, ['queued'], 'processing', this.d.clock.now()));
  }

  /** processing -> uploading, recording the attempt id before the connector is called. */
  startUploading(id: string, connector: string): string | undefined {
    return this.store.transaction(() => {
      const now = this.d.clock.now();
      if (!this.repo.transition(id, ['processing'], 'uploading', now)) return undefined;
      const attemptId = `att_${newId('post').slice(5)}`;
      this.repo.startAttempt({ id: attemptId, post_id: id, connector, started_at: now });
      return attemptId;
    });
  }

  /** uploading -> published with the connector's result, recorded in the same transaction. */
  markPublished(id: string, attemptId: string, result: { url: string; externalId: string }): void {
    this.store.transaction(() => {
      const now = this.d.clock.now();
      this.repo.finishAttempt(attemptId, { status: 'succeeded', external_id: result.externalId, published_url: result.url }, now);
      if (!this.repo.transition(id, ['uploading'], 'published', now, { published_at: now, published_url: result.url })) return;
      const row = this.repo.byId(id)!;
      this.store.events.emit('post.published', { post_id: id, clip_id: row.clip_id, platform: row.platform, team_id: row.team_id, published_url: result.url });
    });
  }

  /**
   * Any publishing state -> failed (permanent failure or retries exhausted), with post.failed.
   * Called from the task's onGiveUp, inside the runner's transaction.
   */
  markFailed(id: string, reason: string): void {
    const error = withoutLocalPaths(reason); // issue 13, item 11
    const now = this.d.clock.now();
    const open = this.repo.openAttempt(id);
    if (open) this.repo.finishAttempt(open.id, { status: 'failed', error }, now);
    if (!this.repo.transition(id, PUBLISHING, 'failed', now, { error })) return;
    const row = this.repo.byId(id)!;
    this.store.events.emit('post.failed', { post_id: id, clip_id: row.clip_id, platform: row.platform, team_id: row.team_id, error });
  }
}

function notDraft(row: PostRow, verb: string) {
  return badRequest(`Post ${row.id} is ${row.status}; only draft posts can be ${verb}`, { field: 'status', status: row.status });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
