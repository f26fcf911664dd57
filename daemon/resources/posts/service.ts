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
import { lookColumns } from '../renders/look.js';

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

  /** The same service writing through `store` (a task's fenced store). */
  writingTo(store: PostServiceDeps['store']): PostService {
    return new PostService({ ...this.d, store });
  }

  async require(teamId: string, id: string): Promise<PostRow> {
    const row = await this.repo.get(teamId, id);
    if (!row) throw notFound('Post', id);
    return row;
  }

  async get(teamId: string, id: string): Promise<Post> {
    return postView(await this.require(teamId, id));
  }

  async listForClip(teamId: string, clipId: string): Promise<Post[]> {
    if (!await this.store.clips.get(teamId, clipId)) throw notFound('Clip', clipId);
    return (await this.repo.listByClip(clipId)).map(postView);
  }

  /** Preview-ready hook: one draft per connected platform (runs inside the preview transaction). */
  async createDrafts(clip: ClipRow): Promise<PostRow[]> {
    const now = this.d.clock.now();
    const created: PostRow[] = [];
    for (const conn of await this.store.platforms.list(clip.team_id)) {
      if (await this.repo.exists(clip.id, conn.platform)) continue; // a repeated preview does not duplicate drafts
      created.push(await this.insertDraft(clip, conn.platform, now));
    }
    return created;
  }

  /**
   * POST /v1/clips/:clipId/posts (DESIGN.md "Second round"): a new draft of the clip for one
   * connected platform. 400 without an active connection; 409 while the clip has a post on that
   * platform that is not over (published, failed or cancelled), so a draft is never doubled.
   */
  async createForClip(teamId: string, clipId: string, body: unknown): Promise<Post> {
    const { platform } = parseBody(createPostSchema, body);
    const clip = await this.store.clips.get(teamId, clipId);
    if (!clip) throw notFound('Clip', clipId);
    if (!(await this.store.platforms.list(teamId)).some((c) => c.platform === platform && c.status === 'active')) {
      throw badRequest(`No active connection for ${platform}: connect it first (clipper platforms connect ${platform})`, { field: 'platform' });
    }
    return await this.store.transaction(async () => {
      const open = (await this.repo.listByClip(clipId)).find((p) => p.platform === platform && !OVER.includes(p.status));
      if (open) throw conflict(`Clip ${clipId} already has post ${open.id} on ${platform} (${open.status}); edit or cancel it first`, { post_id: open.id, status: open.status });
      return postView(await this.insertDraft(clip, platform, this.d.clock.now()));
    });
  }

  /**
   * DESIGN.md PATCH /v1/clips/:clipId: "new drafts are written" (issue 16: trimmed or corrected,
   * a clip's drafts are written again from its words). Posts past `draft` keep what they have.
   */
  async rewriteDrafts(clip: ClipRow): Promise<void> {
    const now = this.d.clock.now();
    for (const row of await this.repo.listByClip(clip.id)) {
      if (row.status !== 'draft') continue;
      const draft = await writeDraft({ clipJobs: this.store.clipJobs, clips: this.store.clips, log: this.d.log }, clip, row.platform);
      await this.repo.updateDraft(row.id, { caption: draft.caption, title: draft.title ?? row.title, settings: row.settings, ...lookColumns({}, row) }, now);
    }
  }

  /** Writes one draft and its post.draft.created event (the caller's transaction holds both). */
  private async insertDraft(clip: ClipRow, platform: Platform, now: number): Promise<PostRow> {
    const draft = await writeDraft({ clipJobs: this.store.clipJobs, clips: this.store.clips, log: this.d.log }, clip, platform);
    const key = SETTINGS_KEY[platform];
    const row: PostRow = {
      id: newId('post'), team_id: clip.team_id, clip_id: clip.id, platform, status: 'draft',
      caption: draft.caption, title: draft.title ?? null, settings: key ? JSON.stringify(draft.settings) : null,
      scheduled_at: null, published_at: null, published_url: null, error: null, created_at: now, updated_at: now,
      ...lookColumns({}),
    };
    await this.repo.insert(row);
    await this.store.events.emit('post.draft.created', { post_id: row.id, clip_id: clip.id, platform: row.platform, team_id: clip.team_id });
    return row;
  }

  /** PUT /v1/posts/:postId: drafts only; fields of other platforms are refused (spec's 400s). */
  async edit(teamId: string, id: string, body: unknown): Promise<Post> {
    const input = parseBody(updatePostSchema, body);
    const row = await this.require(teamId, id);
    if (row.status !== 'draft') throw notDraft(row, 'edited');
    const wrongPlatform = (field: string) => badRequest(`${field} can only be set on ${field === 'short_video' ? 'short_video' : 'long_video'} posts; this post is for ${row.platform}`, { field, platform: row.platform });
    if (input.title !== undefined && row.platform !== 'long_video') throw wrongPlatform('title');
    if (input.long_video !== undefined && row.platform !== 'long_video') throw wrongPlatform('long_video');
    if (input.short_video !== undefined && row.platform !== 'short_video') throw wrongPlatform('short_video');
    const problem = input.caption === undefined ? undefined : captionProblem(row.platform, input.caption);
    if (problem) throw badRequest(problem, { field: 'caption', limit: CAPTION_LIMITS[row.platform], hashtags: HASHTAG_LIMITS[row.platform] ?? null });
    const patch = input.short_video ?? input.long_video;
    const settings = patch ? JSON.stringify({ ...JSON.parse(row.settings ?? '{}'), ...stripUndefined(patch) }) : row.settings;
    const look = lookColumns(input, row);
    const ok = await this.repo.updateDraft(id, { caption: input.caption ?? row.caption, title: input.title ?? row.title, settings, ...look }, this.d.clock.now());
    if (!ok) throw notDraft(await this.require(teamId, id), 'edited');
    return await this.get(teamId, id);
  }

  /** POST /v1/posts/:postId/publish: now (`queued`) or at `scheduled_at` (`scheduled`). */
  async publish(teamId: string, id: string, body: unknown): Promise<Post> {
    const input = parseBody(publishPostSchema, body);
    const row = await this.require(teamId, id);
    if (row.status !== 'draft') throw notDraft(row, 'published');
    const conn = await this.store.platforms.get(teamId, row.platform);
    if (!conn || conn.status !== 'active' || !this.d.hasConnector(conn.connector)) {
      const why = conn?.status_reason ?? 'connect it first (POST /v1/platforms)';
      throw badRequest(`No active connection for ${row.platform}: ${why}`, { field: 'platform', platform: row.platform, ...(conn ? { status: conn.status } : {}) });
    }
    const now = this.d.clock.now();
    const at = input.scheduled_at ?? undefined;
    if (at !== undefined && at < now + MIN_SCHEDULE_LEAD_MS) {
      throw badRequest('scheduled_at must be at least 5 minutes in the future', { field: 'scheduled_at', earliest: now + MIN_SCHEDULE_LEAD_MS });
    }
    const { scheduled_at: _at, ...lookInput } = input;
    const moved = await this.store.transaction(async () => {
      // The look fields given with the publish (extension) land with it, or not at all.
      if (Object.keys(lookInput).length && !await this.repo.updateDraft(id, { caption: row.caption, title: row.title, settings: row.settings, ...lookColumns(lookInput, row) }, now)) return false;
      if (at === undefined) return await this.queue(row, ['draft'], now);
      if (!await this.repo.transition(id, ['draft'], 'scheduled', now, { scheduled_at: at })) return false;
      await this.store.events.emit('post.scheduled', { post_id: id, clip_id: row.clip_id, platform: row.platform, team_id: teamId, scheduled_at: at });
      return true;
    });
    if (!moved) throw notDraft(await this.require(teamId, id), 'published');
    return await this.get(teamId, id);
  }

  /** POST /v1/posts/:postId/cancel (DESIGN.md): no body; from draft, scheduled or queued only. */
  async cancel(teamId: string, id: string, body: unknown = {}): Promise<Post> {
    parseBody(emptyBodySchema, body);
    await this.require(teamId, id); // 404 for another team's post, before anything moves
    const moved = await this.store.transaction(async () => {
      if (!await this.repo.transition(id, CANCELLABLE, 'cancelled', this.d.clock.now())) return false;
      await this.store.tasks.cancelPending(PUBLISH_TASK, id, this.d.clock.now());
      return true;
    });
    if (!moved) {
      const current = await this.require(teamId, id);
      throw badRequest(`Post ${id} is ${current.status}; only draft, scheduled and queued posts can be cancelled`, { field: 'status', status: current.status });
    }
    return await this.get(teamId, id);
  }

  /** The scheduler's step: due scheduled posts become queued, each with its publish task. */
  async promoteDue(): Promise<number> {
    const now = this.d.clock.now();
    let moved = 0;
    for (const row of await this.repo.due(now)) {
      if (await this.store.transaction(async () => await this.queue(row, ['scheduled'], now))) moved++;
    }
    return moved;
  }

  private async queue(row: PostRow, from: readonly PostStatus[], now: number): Promise<boolean> {
    if (!await this.repo.transition(row.id, from, 'queued', now)) return false;
    await this.d.tasks.enqueue({ kind: PUBLISH_TASK, resourceId: row.id, teamId: row.team_id });
    return true;
  }

  // --- moves made by the publish task --------------------------------------------------------

  /** queued -> processing; false when the post was cancelled (or already moved on). */
  async startProcessing(id: string): Promise<boolean> {
    return await this.store.transaction(async () => await this.repo.transition(id, ['queued'], 'processing', this.d.clock.now()));
  }

  /** processing -> uploading, recording the attempt id before the connector is called. */
  async startUploading(id: string, connector: string): Promise<string | undefined> {
    return await this.store.transaction(async () => {
      const now = this.d.clock.now();
      if (!await this.repo.transition(id, ['processing'], 'uploading', now)) return undefined;
      const attemptId = `att_${newId('post').slice(5)}`;
      await this.repo.startAttempt({ id: attemptId, post_id: id, connector, started_at: now });
      return attemptId;
    });
  }

  /** uploading -> published with the connector's result, recorded in the same transaction. */
  async markPublished(id: string, attemptId: string, result: { url: string; externalId: string }): Promise<void> {
    await this.store.transaction(async () => {
      const now = this.d.clock.now();
      await this.repo.finishAttempt(attemptId, { status: 'succeeded', external_id: result.externalId, published_url: result.url }, now);
      if (!await this.repo.transition(id, ['uploading'], 'published', now, { published_at: now, published_url: result.url })) return;
      const row = (await this.repo.byId(id))!;
      await this.store.events.emit('post.published', { post_id: id, clip_id: row.clip_id, platform: row.platform, team_id: row.team_id, published_url: result.url });
    });
  }

  /**
   * Any publishing state -> failed (permanent failure or retries exhausted), with post.failed.
   * Called from the task's onGiveUp, inside the runner's transaction.
   */
  async markFailed(id: string, reason: string): Promise<void> {
    const error = withoutLocalPaths(reason); // issue 13, item 11
    const now = this.d.clock.now();
    const open = await this.repo.openAttempt(id);
    if (open) await this.repo.finishAttempt(open.id, { status: 'failed', error }, now);
    if (!await this.repo.transition(id, PUBLISHING, 'failed', now, { error })) return;
    const row = (await this.repo.byId(id))!;
    await this.store.events.emit('post.failed', { post_id: id, clip_id: row.clip_id, platform: row.platform, team_id: row.team_id, error });
  }
}

function notDraft(row: PostRow, verb: string) {
  return badRequest(`Post ${row.id} is ${row.status}; only draft posts can be ${verb}`, { field: 'status', status: row.status });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
