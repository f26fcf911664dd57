import type { Platform } from '../../src/api/events.js';
import type { PostStatus } from '../../src/api/posts.js';
import type { RenderStatus } from '../../src/api/renders.js';
import type { PageAfter } from '../../src/api/lists.js';
import type { Segment } from '../pipeline/types.js';
import type {
  ApiKeyRecord, AttemptRow, ClipJobRow, ClipRow, ClipToStore, ClipTranscriptEdit, WebSessionRow, FramingRecord, LookChoice, NewClipJob, OAuthAuthorizationRow, PlatformConnection, PostRow,
  RenderRow, SealedCredentials, Team, UploadPart, UploadPatch, UploadRecord, UploadStatus, WebhookRecord,
} from './records.js';

// The repositories of the resource tables: what a store implementation offers the services.
// The queue-like tables (tasks, events, webhook outbox) are in queue-repositories.ts.
//
// Every method is synchronous and takes the time as `now` (no clock inside), so a call joins the
// caller's Store.transaction(). A PostgreSQL implementation (a later issue) will make each return
// a Promise and bind a transaction to one pooled connection; it must keep the compare-and-set
// methods (returning false when another writer won) as single conditional UPDATEs, and the
// behaviours test/store/store-contract.ts checks.

export interface TeamRepository {
  create(name: string, now: number, opts?: { preferredLanguage?: string; renderMinutes?: number }): Team;
  get(id: string): Team | undefined;
  /** The first team created: the owner of a fresh data dir. */
  first(): Team | undefined;
  /** Oldest first. */
  list(): Team[];
}

/** API keys (spec "Authentication", rule 3): only create() ever sees the plaintext secret. */
export interface ApiKeyRepository {
  /** `key` is `<secret>-<teamId>`, the form clients send; only a salted hash is stored. */
  create(teamId: string, label: string, now: number): { record: ApiKeyRecord; key: string };
  /** A team's live keys, oldest first. */
  list(teamId: string): ApiKeyRecord[];
  /** False when the key does not exist on the team (or is already revoked). */
  revoke(teamId: string, id: string, now: number): boolean;
  /** The live key of `teamId` with this secret, its last_used_at set to `now`; undefined otherwise. */
  verify(teamId: string, secret: string, now: number): ApiKeyRecord | undefined;
}

/** Webhook registrations; the signing secret is kept because HMAC signing needs it. */
export interface WebhookRepository {
  /** The registration gets only events logged after it (from_seq = the newest seq now). */
  create(teamId: string, input: { url: string; events: string[]; legacy_signature?: boolean; description?: string | null }, now: number): { record: WebhookRecord; secret: string };
  list(teamId: string): WebhookRecord[];
  get(teamId: string, id: string): WebhookRecord | undefined;
  /** The signing secret of a live registration, any team (the delivery worker only). */
  secretOf(id: string): { secret: string; legacy_signature: boolean } | undefined;
  /** Live registrations of a team subscribed to `type` (or "*") that existed before event `seq`. */
  subscribedTo(teamId: string, type: string, seq?: number): WebhookRecord[];
  /** Soft delete; in the same transaction its unacknowledged deliveries become `cancelled`. */
  delete(teamId: string, id: string, now: number): boolean;
}

export interface PlatformRepository {
  /**
   * Connects, or reconnects replacing the previous connection of that platform (new id, status
   * `active`, the new credentials or none).
   */
  upsert(teamId: string, input: { platform: Platform; connector: string; account_name: string; settings: Record<string, unknown> }, now: number, credentials?: SealedCredentials): PlatformConnection;
  /** Never with credentials. */
  list(teamId: string): PlatformConnection[];
  get(teamId: string, platform: string): PlatformConnection | undefined;
  delete(teamId: string, platform: string): boolean;
  /** The sealed credentials of a connection (by its id, so a replaced connection has none). */
  credentials(connectionId: string): SealedCredentials | undefined;
  /** Replaces a connection's credentials (a refresh); false when that connection is gone. */
  saveCredentials(connectionId: string, credentials: SealedCredentials): boolean;
  /** active -> needs_reauth with the reason; false when not active (or gone). */
  markNeedsReauth(connectionId: string, reason: string): boolean;
}

/** OAuth 2.0 authorizations in progress (POST /v1/platforms/authorize until the code comes back). */
export interface OAuthAuthorizationRepository {
  insert(row: OAuthAuthorizationRow): void;
  /** Removes and returns the team's authorization of `state`; undefined when unknown or expired. */
  take(teamId: string, state: string, now: number): OAuthAuthorizationRow | undefined;
  /** Removes every expired one; returns how many. */
  purgeExpired(now: number): number;
}

export interface UploadRepository {
  insert(record: UploadRecord): void;
  get(id: string): UploadRecord | undefined;
  /** Another team's upload reads as unknown. */
  getForTeam(teamId: string, id: string): UploadRecord | undefined;
  byObjectKey(key: string): UploadRecord | undefined;
  byMultipartId(multipartId: string): UploadRecord | undefined;
  /** Applies `patch` (and updated_at) only while the upload is in one of `from`. */
  transition(id: string, from: UploadStatus[], patch: UploadPatch, now: number): boolean;
  /** Marks a complete, unclaimed upload as feeding `jobId`; false otherwise. */
  claim(id: string, jobId: string, now: number): boolean;
  /** complete -> expired, only while no clip job has claimed it. */
  expireUnused(id: string, now: number): boolean;
  /** Received parts by part number. */
  parts(id: string): UploadPart[];
  /** Records a part, replacing one of the same number. */
  savePart(id: string, part: UploadPart): void;
  deletePart(id: string, partNumber: number): void;
  deleteParts(id: string): void;
  /** Pending uploads with stale_at <= now, and complete unclaimed ones; oldest stale_at first. */
  dueForCleanup(now: number): UploadRecord[];
}

/** Clip jobs with their stage results (job_stages) and the clips they produce. */
export interface ClipJobRepository {
  /** A queued job with a fresh asset id (`id` may be chosen by the caller). */
  insert(input: NewClipJob, now: number, id?: string): ClipJobRow;
  get(teamId: string, id: string): ClipJobRow | undefined;
  /** A team's newest jobs first. */
  listByTeam(teamId: string, limit: number): ClipJobRow[];
  /** GET /v1/clips: newest first (created_at, id) after `after`, of one status if given, with each job's clip count. */
  page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): Array<ClipJobRow & { clip_count: number }>;
  byId(id: string): ClipJobRow | undefined;
  /** Changes some columns (always bumps updated_at). */
  update(id: string, fields: Partial<Pick<ClipJobRow, 'status' | 'folder_name' | 'media_key' | 'progress' | 'error'>>, now: number): void;
  /** Finished stage results by stage name (resume after a crash reads these). */
  stageResults(jobId: string): Map<string, unknown>;
  /** One stage's result, or undefined when that stage has not finished (the job view reads one). */
  stageResult(jobId: string, stage: string): unknown;
  /** The results of the stages whose names start with `prefix`, by stage name. */
  stagesNamed(jobId: string, prefix: string): Map<string, unknown>;
  /** The segments of the `transcribe:<n>` stage results in numeric chunk order. */
  transcriptOf(jobId: string): Segment[];
  /** The source's object key and the job's language (any team). */
  sourceOf(jobId: string): { media_key: string | null; language: string } | undefined;
  /** Stores a stage's JSON result, replacing an earlier one of the same name. */
  saveStage(jobId: string, stage: string, result: unknown, now: number): void;
  /** Stores clips ranked after the job's existing ones; returns their new ids in order. */
  insertClips(job: Pick<ClipJobRow, 'id' | 'team_id'>, clips: ClipToStore[], now: number): string[];
  /** Names of the job's finished stages, without their results (GET /v1/clips/:jobId's `stage`). */
  stageNames(jobId: string): string[];
  /** Renumbers a job's clips 0.. by score, best first (ties: earlier start first). */
  rankByScore(jobId: string): void;
  setPreview(clipId: string, key: string, now: number): void;
}

/** Reads of clips shared by jobs, renders and posts. */
export interface ClipRepository {
  get(teamId: string, id: string): ClipRow | undefined;
  byId(id: string): ClipRow | undefined;
  /** A job's clips by rank. */
  listByJob(jobId: string): ClipRow[];
  /**
   * Edits a clip (issue 16: PATCH /v1/clips/:clipId, PUT .../transcript). A new span drops the
   * preview (it is made again); `title_edited` marks a title the person chose.
   */
  edit(clipId: string, fields: Partial<Pick<ClipRow, 'start' | 'end' | 'title' | 'title_edited' | 'transcript' | 'words'>>): ClipRow | undefined;
  /** Sets the preview only while the clip still has that span; false when it was trimmed again meanwhile. */
  setPreviewOfSpan(clipId: string, span: { start: number; end: number }, key: string, now: number): boolean;
  /** The clip's corrected words, if any. */
  transcriptEdit(clipId: string): ClipTranscriptEdit | undefined;
  /** Stores the clip's corrected words, replacing earlier ones. */
  saveTranscriptEdit(edit: ClipTranscriptEdit): void;
}

/** Sign-in sessions of the web pages (issue 16, item 4). */
export interface WebSessionRepository {
  create(row: Omit<WebSessionRow, 'ended_at'>): void;
  /** The live session of that id hash: not ended, not expired at `now`. */
  live(idHash: string, now: number): WebSessionRow | undefined;
  /** Ends a session (sign-out); false when it was not live. Expired and ended ones older than a day go. */
  end(idHash: string, now: number): boolean;
}

/** Clip framings (issue 17): computed once per clip, read by its preview, renders and posts. */
export interface FramingRepository {
  get(clipId: string): FramingRecord | undefined;
  /** Stores the clip's framing, replacing an earlier one. */
  save(record: FramingRecord): void;
}

/** Full renders, one row per clip; every change is guarded by the render's generation. */
export interface RenderRepository {
  get(clipId: string): RenderRow | undefined;
  /** GET /v1/renders: newest first (created_at, clip id) after `after`, of one status if given. */
  page(teamId: string, q: { status?: string; limit: number; after?: PageAfter }): RenderRow[];
  /** Starts the clip's next generation: queued, progress 0, no output or error, with its look (default: automatic). */
  queue(clipId: string, teamId: string, now: number, look?: Partial<LookChoice>): RenderRow;
  /** Moves generation `generation` from one of `from` to `to`; false when replaced or elsewhere. */
  update(clipId: string, generation: number, from: readonly RenderStatus[], to: RenderStatus, now: number, fields?: Partial<Pick<RenderRow, 'progress' | 'output_key' | 'error'>>): boolean;
}

/** The monthly render-minute allowance (teams.render_minutes_allowance) against the usage ledger. */
export interface RenderMinutesRepository {
  /** Minutes charged in the UTC calendar month of `now`, refunds excluded. */
  used(teamId: string, now: number): number;
  /** The allowance less `used`, never below 0 (0 for an unknown team). */
  remaining(teamId: string, now: number): number;
  /** Charges one generation of a clip's render to the month of `now` (once per generation). */
  charge(teamId: string, clipId: string, generation: number, minutes: number, now: number): void;
  /** Gives back a generation's minutes (a render that failed or was replaced). */
  refund(clipId: string, generation: number, now: number): void;
}

/** Posts and their publish attempts; status changes are compare-and-set on the current status. */
export interface PostRepository {
  insert(row: PostRow): void;
  get(teamId: string, id: string): PostRow | undefined;
  byId(id: string): PostRow | undefined;
  listByClip(clipId: string): PostRow[];
  /** True when the clip has a post for the platform, in any status. */
  exists(clipId: string, platform: Platform): boolean;
  transition(id: string, from: readonly PostStatus[], to: PostStatus, now: number, fields?: Partial<Pick<PostRow, 'scheduled_at' | 'published_at' | 'published_url' | 'error'>>): boolean;
  /** Edits a draft's content; false when it is no longer a draft. */
  updateDraft(id: string, fields: Pick<PostRow, 'caption' | 'title' | 'settings' | 'layout' | 'caption_style'>, now: number): boolean;
  /** Scheduled posts with scheduled_at <= now, soonest first. */
  due(now: number, limit?: number): PostRow[];
  /** The earliest scheduled_at of a scheduled post. */
  nextDueAt(): number | undefined;
  /** The newest attempt still `started` (a crash interrupted it). */
  openAttempt(postId: string): AttemptRow | undefined;
  attempts(postId: string): AttemptRow[];
  startAttempt(a: Pick<AttemptRow, 'id' | 'post_id' | 'connector' | 'started_at'>): void;
  /** Keeps a connector's resumable state, only while the attempt is `started`. */
  saveResumeState(attemptId: string, state: string): void;
  finishAttempt(attemptId: string, result: { status: 'succeeded' | 'failed'; external_id?: string; published_url?: string; error?: string }, now: number): void;
}

/** One-time sign-in links to the web pages (GET /v1/auth/session-link); only a hash of the code is kept. */
export interface SessionLinkRepository {
  create(link: { code_hash: string; team_id: string; next_path: string; expires_at: number }, now: number): void;
  /** The link's team and landing path, once: used, expired or unknown codes give undefined. */
  redeem(codeHash: string, now: number): { team_id: string; next_path: string } | undefined;
}
