import type { Platform } from '../../src/api/events.js';
import type { PostStatus } from '../../src/api/posts.js';
import type { RenderStatus } from '../../src/api/renders.js';
import type { PageAfter } from '../../src/api/lists.js';
import type { Segment } from '../domain/transcript.js';
import type {
  ApiKeyRecord, AttemptRow, ClipJobRow, ClipRow, ClipToStore, ClipTranscriptEdit, WebSessionRow, FramingRecord, LookChoice, NewClipJob, OAuthAuthorizationRow, PlatformConnection, PostRow,
  RenderRow, SealedCredentials, Team, UploadPart, UploadPatch, UploadRecord, UploadStatus, WebhookRecord,
} from './records.js';

// The repositories of the resource tables: what a store implementation offers the services.
// The queue-like tables (tasks, events, webhook outbox) are in queue-repositories.ts.
//
// Every method returns a Promise and takes the time as `now` (no clock inside). Called on the
// `tx` that Store.transaction() hands its function, a method joins that transaction (issue 21:
// PostgreSQL binds it to one pooled connection; SQLite holds its one connection for it). The
// compare-and-set methods (false when another writer won) are single conditional UPDATEs in
// every implementation, and both pass test/store/store-contract.ts.

export interface TeamRepository {
  create(name: string, now: number, opts?: { preferredLanguage?: string; renderMinutes?: number }): Promise<Team>;
  get(id: string): Promise<Team | undefined>;
  /** The first team created: the owner of a fresh data dir. */
  first(): Promise<Team | undefined>;
  /** first(), creating it as `name` when there is no team yet: one, however many processes start at once. */
  ensureFirst(name: string, now: number): Promise<Team>;
  /** Oldest first. */
  list(): Promise<Team[]>;
}

/** API keys (spec "Authentication", rule 3): only create() ever sees the plaintext secret. */
export interface ApiKeyRepository {
  /** `key` is `<secret>-<teamId>`, the form clients send; only a salted hash is stored. */
  create(teamId: string, label: string, now: number): Promise<{ record: ApiKeyRecord; key: string }>;
  /** A team's live keys, oldest first. */
  list(teamId: string): Promise<ApiKeyRecord[]>;
  /** False when the key does not exist on the team (or is already revoked). */
  revoke(teamId: string, id: string, now: number): Promise<boolean>;
  /** The live key of `teamId` with this secret, its last_used_at set to `now` (at most once a minute); undefined otherwise. */
  verify(teamId: string, secret: string, now: number): Promise<ApiKeyRecord | undefined>;
}

/** Webhook registrations; the signing secret is kept because HMAC signing needs it. */
export interface WebhookRepository {
  /** The registration gets only events logged after it (from_seq = the newest seq now). */
  create(teamId: string, input: { url: string; events: string[]; legacy_signature?: boolean; description?: string | null }, now: number): Promise<{ record: WebhookRecord; secret: string }>;
  list(teamId: string): Promise<WebhookRecord[]>;
  get(teamId: string, id: string): Promise<WebhookRecord | undefined>;
  /** The signing secret of a live registration, any team (the delivery worker only). */
  secretOf(id: string): Promise<{ secret: string; legacy_signature: boolean } | undefined>;
  /** Live registrations of a team subscribed to `type` (or "*") that existed before event `seq`. */
  subscribedTo(teamId: string, type: string, seq?: number): Promise<WebhookRecord[]>;
  /** Soft delete; in the same transaction its unacknowledged deliveries become `cancelled`. */
  delete(teamId: string, id: string, now: number): Promise<boolean>;
}

export interface PlatformRepository {
  /**
   * Connects, or reconnects replacing the previous connection of that platform (new id, status
   * `active`, the new credentials or none).
   */
  upsert(teamId: string, input: { platform: Platform; connector: string; account_name: string; settings: Record<string, unknown> }, now: number, credentials?: SealedCredentials): Promise<PlatformConnection>;
  /** Never with credentials. */
  list(teamId: string): Promise<PlatformConnection[]>;
  get(teamId: string, platform: string): Promise<PlatformConnection | undefined>;
  delete(teamId: string, platform: string): Promise<boolean>;
  /** The sealed credentials of a connection (by its id, so a replaced connection has none). */
  credentials(connectionId: string): Promise<SealedCredentials | undefined>;
  /** Replaces a connection's credentials (a refresh); false when that connection is gone. */
  saveCredentials(connectionId: string, credentials: SealedCredentials): Promise<boolean>;
  /** active -> needs_reauth with the reason; false when not active (or gone). */
  markNeedsReauth(connectionId: string, reason: string): Promise<boolean>;
}

/** OAuth 2.0 authorizations in progress (POST /v1/platforms/authorize until the code comes back). */
export interface OAuthAuthorizationRepository {
  insert(row: OAuthAuthorizationRow): Promise<void>;
  /** Removes and returns the team's authorization of `state`; undefined when unknown or expired. */
  take(teamId: string, state: string, now: number): Promise<OAuthAuthorizationRow | undefined>;
  /** Removes every expired one; returns how many. */
  purgeExpired(now: number): Promise<number>;
}

export interface UploadRepository {
  insert(record: UploadRecord): Promise<void>;
  get(id: string): Promise<UploadRecord | undefined>;
  /** Another team's upload reads as unknown. */
  getForTeam(teamId: string, id: string): Promise<UploadRecord | undefined>;
  byObjectKey(key: string): Promise<UploadRecord | undefined>;
  byMultipartId(multipartId: string): Promise<UploadRecord | undefined>;
  /** Applies `patch` (and updated_at) only while the upload is in one of `from`. */
  transition(id: string, from: UploadStatus[], patch: UploadPatch, now: number): Promise<boolean>;
  /** Marks a complete, unclaimed upload as feeding `jobId`; false otherwise. */
  claim(id: string, jobId: string, now: number): Promise<boolean>;
  /** complete -> expired, only while no clip job has claimed it. */
  expireUnused(id: string, now: number): Promise<boolean>;
  /** Received parts by part number. */
  parts(id: string): Promise<UploadPart[]>;
  /** Records a part, replacing one of the same number. */
  savePart(id: string, part: UploadPart): Promise<void>;
  deletePart(id: string, partNumber: number): Promise<void>;
  deleteParts(id: string): Promise<void>;
  /** Pending uploads with stale_at <= now, and complete unclaimed ones; oldest stale_at first. */
  dueForCleanup(now: number): Promise<UploadRecord[]>;
}

/** Clip jobs with their stage results (job_stages) and the clips they produce. */
export interface ClipJobRepository {
  /** A queued job with a fresh asset id (`id` may be chosen by the caller). */
  insert(input: NewClipJob, now: number, id?: string): Promise<ClipJobRow>;
  get(teamId: string, id: string): Promise<ClipJobRow | undefined>;
  /** A team's newest jobs first. */
  listByTeam(teamId: string, limit: number): Promise<ClipJobRow[]>;
  /** GET /v1/clips: newest first (created_at, id) after `after`, of one status if given, with each job's clip count. */
  page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): Promise<Array<ClipJobRow & { clip_count: number }>>;
  byId(id: string): Promise<ClipJobRow | undefined>;
  /** Changes some columns (always bumps updated_at). */
  update(id: string, fields: Partial<Pick<ClipJobRow, 'status' | 'folder_name' | 'media_key' | 'progress' | 'error'>>, now: number): Promise<void>;
  /** Finished stage results by stage name (resume after a crash reads these). */
  stageResults(jobId: string): Promise<Map<string, unknown>>;
  /** One stage's result, or undefined when that stage has not finished (the job view reads one). */
  stageResult(jobId: string, stage: string): Promise<unknown>;
  /** The results of the stages whose names start with `prefix`, by stage name. */
  stagesNamed(jobId: string, prefix: string): Promise<Map<string, unknown>>;
  /** The segments of the `transcribe:<n>` stage results in numeric chunk order. */
  transcriptOf(jobId: string): Promise<Segment[]>;
  /** The source's object key and the job's language (any team). */
  sourceOf(jobId: string): Promise<{ media_key: string | null; language: string } | undefined>;
  /** Stores a stage's JSON result, replacing an earlier one of the same name. */
  saveStage(jobId: string, stage: string, result: unknown, now: number): Promise<void>;
  /** Stores clips ranked after the job's existing ones; returns their new ids in order. */
  insertClips(job: Pick<ClipJobRow, 'id' | 'team_id'>, clips: ClipToStore[], now: number): Promise<string[]>;
  /** Names of the job's finished stages, without their results (GET /v1/clips/:jobId's `stage`). */
  stageNames(jobId: string): Promise<string[]>;
  /** Renumbers a job's clips 0.. by score, best first (ties: earlier start first). */
  rankByScore(jobId: string): Promise<void>;
  /** New scores of some of a job's clips (the job-wide ranking, issue 28 item 2a); ranks are not changed. */
  setScores(jobId: string, scores: Array<{ id: string; score: number }>): Promise<void>;
  setPreview(clipId: string, key: string, now: number): Promise<void>;
}

/** Reads of clips shared by jobs, renders and posts. */
export interface ClipRepository {
  get(teamId: string, id: string): Promise<ClipRow | undefined>;
  byId(id: string): Promise<ClipRow | undefined>;
  /** A job's clips by rank. */
  listByJob(jobId: string): Promise<ClipRow[]>;
  /**
   * Edits a clip (issue 16: PATCH /v1/clips/:clipId, PUT .../transcript). A new span drops the
   * preview (it is made again); `title_edited` marks a title the person chose.
   */
  /** A moved span, or `remakePreview`, clears the preview (its task makes it again). */
  edit(clipId: string, fields: Partial<Pick<ClipRow, 'start' | 'end' | 'title' | 'title_edited' | 'transcript' | 'words'>>, opts?: { remakePreview?: boolean }): Promise<ClipRow | undefined>;
  /** Sets the preview only while the clip still has that span; false when it was trimmed again meanwhile. */
  setPreviewOfSpan(clipId: string, span: { start: number; end: number }, key: string, now: number): Promise<boolean>;
  /** The clip's corrected words, if any. */
  transcriptEdit(clipId: string): Promise<ClipTranscriptEdit | undefined>;
  /** Stores the clip's corrected words, replacing earlier ones. */
  saveTranscriptEdit(edit: ClipTranscriptEdit): Promise<void>;
}

/** Sign-in sessions of the web pages (issue 16, item 4). */
export interface WebSessionRepository {
  create(row: Omit<WebSessionRow, 'ended_at'>): Promise<void>;
  /** The live session of that id hash: not ended, not expired at `now`. */
  live(idHash: string, now: number): Promise<WebSessionRow | undefined>;
  /** Ends a session (sign-out); false when it was not live. Expired and ended ones older than a day go. */
  end(idHash: string, now: number): Promise<boolean>;
}

/** Clip framings (issue 17): computed once per clip, read by its preview, renders and posts. */
export interface FramingRepository {
  get(clipId: string): Promise<FramingRecord | undefined>;
  /** Stores the clip's framing, replacing an earlier one. */
  save(record: FramingRecord): Promise<void>;
  /** Drops the clip's framing (its words' speakers changed): the next use frames it again. */
  forget(clipId: string): Promise<void>;
}

/** Full renders, one row per clip; every change is guarded by the render's generation. */
export interface RenderRepository {
  get(clipId: string): Promise<RenderRow | undefined>;
  /** GET /v1/renders: newest first (created_at, clip id) after `after`, of one status if given. */
  page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): Promise<RenderRow[]>;
  /** Starts the clip's next generation: queued, progress 0, no output or error, with its look (default: automatic). */
  queue(clipId: string, teamId: string, now: number, look?: Partial<LookChoice>, duration?: number | null): Promise<RenderRow>;
  /** Moves generation `generation` from one of `from` to `to`; false when replaced or elsewhere. */
  update(clipId: string, generation: number, from: readonly RenderStatus[], to: RenderStatus, now: number, fields?: Partial<Pick<RenderRow, 'progress' | 'output_key' | 'error'>>): Promise<boolean>;
}

/** The monthly render-minute allowance (teams.render_minutes_allowance) against the usage ledger. */
export interface RenderMinutesRepository {
  /** Minutes charged in the UTC calendar month of `now`, refunds excluded. */
  used(teamId: string, now: number): Promise<number>;
  /** The allowance less `used`, never below 0 (0 for an unknown team). */
  remaining(teamId: string, now: number): Promise<number>;
  /** Charges one generation of a clip's render to the month of `now` (once per generation). */
  charge(teamId: string, clipId: string, generation: number, minutes: number, now: number): Promise<void>;
  /** Gives back a generation's minutes (a render that failed or was replaced). */
  refund(clipId: string, generation: number, now: number): Promise<void>;
}

/** Posts and their publish attempts; status changes are compare-and-set on the current status. */
export interface PostRepository {
  insert(row: PostRow): Promise<void>;
  get(teamId: string, id: string): Promise<PostRow | undefined>;
  byId(id: string): Promise<PostRow | undefined>;
  listByClip(clipId: string): Promise<PostRow[]>;
  /** True when the clip has a post for the platform, in any status. */
  exists(clipId: string, platform: Platform): Promise<boolean>;
  transition(id: string, from: readonly PostStatus[], to: PostStatus, now: number, fields?: Partial<Pick<PostRow, 'scheduled_at' | 'published_at' | 'published_url' | 'error'>>): Promise<boolean>;
  /** Edits a draft's content; false when it is no longer a draft. */
  updateDraft(id: string, fields: Pick<PostRow, 'caption' | 'title' | 'settings' | 'layout' | 'caption_style'> & Partial<LookChoice>, now: number): Promise<boolean>;
  /** Scheduled posts with scheduled_at <= now, soonest first. */
  due(now: number, limit?: number): Promise<PostRow[]>;
  /** The earliest scheduled_at of a scheduled post. */
  nextDueAt(): Promise<number | undefined>;
  /** The newest attempt still `started` (a crash interrupted it). */
  openAttempt(postId: string): Promise<AttemptRow | undefined>;
  attempts(postId: string): Promise<AttemptRow[]>;
  startAttempt(a: Pick<AttemptRow, 'id' | 'post_id' | 'connector' | 'started_at'>): Promise<void>;
  /** Keeps a connector's resumable state, only while the attempt is `started`. */
  saveResumeState(attemptId: string, state: string): Promise<void>;
  finishAttempt(attemptId: string, result: { status: 'succeeded' | 'failed'; external_id?: string; published_url?: string; error?: string }, now: number): Promise<void>;
}

/** One-time sign-in links to the web pages (GET /v1/auth/session-link); only a hash of the code is kept. */
export interface SessionLinkRepository {
  create(link: { code_hash: string; team_id: string; next_path: string; expires_at: number }, now: number): Promise<void>;
  /** The link's team and landing path, once: used, expired or unknown codes give undefined. */
  redeem(codeHash: string, now: number): Promise<{ team_id: string; next_path: string } | undefined>;
}
