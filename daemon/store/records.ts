import type { JobStatus } from '../../src/api/clips.js';
import type { Platform } from '../../src/api/events.js';
import type { PostStatus } from '../../src/api/posts.js';
import type { Aspect, CaptionStyle, Layout, RenderStatus } from '../../src/api/renders.js';
import type { UploadStatus } from '../../src/api/uploads.js';
import type { SuggestedClip } from '../domain/clip.js';
import type { Word } from '../domain/transcript.js';

// The records the resource repositories read and write (daemon/store/repositories.ts). They are
// the stored shape, not the API's: services build the wire types from them. Times are epoch
// milliseconds; JSON columns stay strings where the services parse them (clips, posts).
// Every implementation of the store returns exactly these shapes.

export type { UploadStatus };

/** A team (migration 001): the owner of every other resource. */
export interface Team {
  id: string;
  name: string;
  preferred_language: string;
  render_minutes_allowance: number;
  created_at: number;
}

/** An API key as it may be shown: never its secret or hash. */
export interface ApiKeyRecord {
  id: string;
  team_id: string;
  label: string;
  created_at: number;
  last_used_at: number | null;
}

export interface WebhookRecord {
  id: string;
  team_id: string;
  url: string;
  events: string[];
  legacy_signature: boolean;
  description: string | null;
  created_at: number;
  /** The registration receives events with a greater seq only (internal; not shown by the API). */
  from_seq: number;
}

/** A connected social platform: the stored record is the wire type (src/api/platforms.ts). */
export type { PlatformConnection } from '../../src/api/platforms.js';

/** A connection's credentials as stored (migration 006): sealed by the daemon, expiry in the clear. */
export interface SealedCredentials {
  sealed: string;
  /** When the access token expires (epoch ms), if the platform said. */
  expires_at: number | null;
}

/** An OAuth 2.0 authorization in progress (migration 006); `secrets` is sealed JSON. */
export interface OAuthAuthorizationRow {
  state: string;
  team_id: string;
  platform: Platform;
  connector: string;
  redirect_uri: string;
  /** JSON of the connection settings given when it started. */
  settings: string;
  secrets: string;
  created_at: number;
  expires_at: number;
}

export type UploadKind = 'single' | 'multipart';

/** One row per POST /v1/uploads (migration 002); the state machine lives in the upload service. */
export interface UploadRecord {
  id: string;
  team_id: string;
  kind: UploadKind;
  status: UploadStatus;
  content_type: string;
  file_name: string | null;
  size_bytes: number | null;
  part_size: number | null;
  part_count: number | null;
  object_key: string;
  multipart_id: string | null;
  etag: string | null;
  expires_at: number;
  stale_at: number;
  job_id: string | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export interface UploadPart {
  part_number: number;
  etag: string;
  size: number;
  received_at: number;
}

/** Fields a state change may set, next to `status`. */
export type UploadPatch = Partial<Pick<UploadRecord, 'status' | 'size_bytes' | 'etag' | 'completed_at' | 'stale_at' | 'expires_at'>>;

/** A stored clip job (migration 003). The clip-job service owns its state machine. */
export interface ClipJobRow {
  id: string;
  team_id: string;
  asset_id: string;
  status: JobStatus;
  source_type: 'url' | 'upload' | 'platform';
  source_url: string | null;
  upload_id: string | null;
  criteria: string | null;
  target_duration: number | null;
  /** The caller's `clip_count` (issue 30, item 1; migration 030), or null for the count by length. */
  requested_clips: number | null;
  language: string;
  folder_name: string;
  media_key: string | null;
  progress: number;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export type NewClipJob = Pick<ClipJobRow, 'team_id' | 'source_type' | 'source_url' | 'upload_id' | 'criteria' | 'target_duration' | 'language' | 'folder_name' | 'media_key'> & Partial<Pick<ClipJobRow, 'requested_clips'>>;

/** A suggested clip with the words it contains, ready to be stored. */
export type ClipToStore = SuggestedClip & { words: Word[] };

/** A stored clip (migration 003). `score_breakdown` and `words` are JSON text (see clips.ts helpers). */
export interface ClipRow {
  id: string;
  job_id: string;
  team_id: string;
  rank: number;
  start: number;
  end: number;
  title: string;
  score: number;
  score_breakdown: string;
  reason: string;
  transcript: string;
  words: string;
  preview_key: string | null;
  preview_ready_at: number | null;
  created_at: number;
  /** 1 once a title was set through PATCH /v1/clips/:clipId (migration 016): corrected words then leave it alone. */
  title_edited: number;
}

/** A clip's corrected words (migration 016) and the span they were given for. */
export interface ClipTranscriptEdit {
  clip_id: string;
  start: number;
  end: number;
  words: string;
  updated_at: number;
}

/** A signed-in session of the web pages (migration 016); only a hash of its cookie value is kept. */
export interface WebSessionRow {
  id_hash: string;
  team_id: string;
  csrf_token: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
}

/** Per render or post (migration 006): the layout and caption style asked for; null = automatic / default. */
export interface LookChoice {
  layout: Layout | null;
  caption_style: CaptionStyle | null;
  /** Migration 029 (issue 29): null = 9:16; remove_* 0/1 (null = off); keep_spans JSON [{start, end}]. */
  aspect: Aspect | null;
  remove_fillers: number | null;
  remove_silences: number | null;
  keep_spans: string | null;
  /** Migration 031 (issue 30, item 3): 1 = captions mark who speaks; null = off. */
  caption_speakers: number | null;
}

/** A clip's stored framing (migration 006); `plan` is the FramingPlan as JSON. */
export interface FramingRecord {
  clip_id: string;
  start: number;
  end: number;
  layout: Layout;
  plan: string;
  created_at: number;
}

/** A stored full render (migration 004); render_id is the clip id. */
export interface RenderRow extends LookChoice {
  clip_id: string;
  /** Seconds of output, after the cuts (migration 029); null for renders queued before it. */
  duration: number | null;
  team_id: string;
  status: RenderStatus;
  generation: number;
  progress: number;
  output_key: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** A stored post (migration 004). The API shape is built by the post service. */
export interface PostRow extends LookChoice {
  id: string;
  team_id: string;
  clip_id: string;
  platform: Platform;
  status: PostStatus;
  caption: string;
  title: string | null;
  settings: string | null;
  scheduled_at: number | null;
  published_at: number | null;
  published_url: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** One try at publishing a post, written before the connector is called (resume, never repeat). */
export interface AttemptRow {
  id: string;
  post_id: string;
  connector: string;
  status: 'started' | 'succeeded' | 'failed';
  resume_state: string | null;
  external_id: string | null;
  published_url: string | null;
  error: string | null;
  started_at: number;
  finished_at: number | null;
}
