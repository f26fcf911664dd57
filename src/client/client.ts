import type { ClipTranscript, PatchClipInput, PatchedClip, PutTranscriptInput } from '../api/clip-edits.js';
import { HttpClient, type HttpOptions } from './http.js';
import type { ClipJobList, ClipJobView, CreateClipJobInput, CreatedClipJob, JobStatus } from '../api/clips.js';
import type { TeamView } from '../api/teams.js';
import type { SessionLink } from '../api/sessions.js';
import type { Ping } from '../api/health.js';
import type { SpeechEngineView } from '../api/transcription.js';
import type { ApiKey, CreatedApiKey, CreateKeyInput, RevokedApiKey } from '../api/keys.js';
import type { AuthorizationStarted, AuthorizePlatformInput, ConnectPlatformInput, DisconnectedPlatform, PlatformConnection } from '../api/platforms.js';
import type { CreatePostInput, Post, PublishPostInput, UpdatePostInput } from '../api/posts.js';
import type { ClipCuts } from '../api/cuts.js';
import type { CreatedRender, CreateRenderInput, Render, RenderList, RenderStatus } from '../api/renders.js';
import type { CancelledUpload, CompletedUpload, CreatedUpload, CreateUploadInput, ResignedParts, UploadView } from '../api/uploads.js';
import type { CreatedWebhook, CreateWebhookInput, DeletedWebhook, DeliveryStatus, TriggeredEvent, Webhook, WebhookDelivery } from '../api/webhooks.js';

const enc = encodeURIComponent;

/**
 * The typed client every CLI command uses. One group per resource; each group is a thin
 * mapping of the /v1 endpoints onto HttpClient.
 */
export class ClipperClient {
  readonly http: HttpClient;
  constructor(opts: HttpOptions) {
    this.http = new HttpClient(opts);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  ping(): Promise<Ping> {
    return this.http.call('GET', '/v1/ping');
  }

  /** The OpenAPI 3.1 document of /v1 (issue 18; GET /v1/openapi.json, no credential needed). */
  openApi(): Promise<Record<string, unknown>> {
    return this.http.call('GET', '/v1/openapi.json');
  }

  /** The speech engine and model the daemon's next job uses (extension GET /v1/transcription). */
  transcription(): Promise<SpeechEngineView> {
    return this.http.call('GET', '/v1/transcription');
  }

  /** The caller's root team and its render minutes (extension GET /v1/team). */
  team(): Promise<TeamView> {
    return this.http.call('GET', '/v1/team');
  }

  readonly auth = {
    /** DESIGN.md GET /v1/auth/session-link (JWT only): a one-time sign-in link, to the clip's page when given. */
    sessionLink: (clipId?: string) => this.http.call<SessionLink>('GET', '/v1/auth/session-link', { query: { clip_id: clipId } }),
  };

  readonly keys = {
    create: (input: CreateKeyInput) => this.http.call<CreatedApiKey>('POST', '/v1/keys', { body: input, idempotent: false }),
    list: () => this.http.call<{ keys: ApiKey[] }>('GET', '/v1/keys'),
    revoke: (id: string) => this.http.call<RevokedApiKey>('DELETE', `/v1/keys/${enc(id)}`),
  };

  readonly webhooks = {
    create: (input: CreateWebhookInput) => this.http.call<CreatedWebhook>('POST', '/v1/webhooks', { body: input, idempotent: false }),
    list: () => this.http.call<{ webhooks: Webhook[] }>('GET', '/v1/webhooks'),
    delete: (id: string) => this.http.call<DeletedWebhook>('DELETE', `/v1/webhooks/${enc(id)}`),
    get: (id: string) => this.http.call<Webhook>('GET', `/v1/webhooks/${enc(id)}`),
    deliveries: (id: string, query: { status?: DeliveryStatus; limit?: number } = {}) =>
      this.http.call<{ deliveries: WebhookDelivery[] }>('GET', `/v1/webhooks/${enc(id)}/deliveries`, { query }),
    /** Extension: sends a failed or delivered delivery again. */
    resend: (id: string, deliveryId: string) =>
      this.http.call<{ delivery: WebhookDelivery }>('POST', `/v1/webhooks/${enc(id)}/deliveries/${enc(deliveryId)}/resend`, { idempotent: false }),
    /** Emits a sample event of `type` for the team (extension); not retried: each call emits one. */
    trigger: (type: string) => this.http.call<TriggeredEvent>('POST', '/v1/webhooks/trigger', { body: { type }, idempotent: false }),
  };

  /** Spec "POST /v1/clips" (a new job on every call: never retried) and "GET /v1/clips/:jobId". */
  readonly clips = {
    create: (input: CreateClipJobInput) => this.http.call<CreatedClipJob>('POST', '/v1/clips', { body: input, idempotent: false }),
    get: (jobId: string) => this.http.call<ClipJobView>('GET', `/v1/clips/${enc(jobId)}`),
    /** DESIGN.md GET /v1/clips: newest first, paged (not a status check). */
    list: (query: { status?: JobStatus; limit?: number; cursor?: string } = {}) => this.http.call<ClipJobList>('GET', '/v1/clips', { query }),
    /** DESIGN.md PATCH /v1/clips/:clipId (issue 16): trim or retitle; the preview is made again. */
    update: (clipId: string, input: PatchClipInput) => this.http.call<PatchedClip>('PATCH', `/v1/clips/${enc(clipId)}`, { body: input }),
    /** DESIGN.md GET /v1/clips/:clipId/transcript: the words of the clip's span. */
    transcript: (clipId: string) => this.http.call<ClipTranscript>('GET', `/v1/clips/${enc(clipId)}/transcript`),
    /** DESIGN.md PUT /v1/clips/:clipId/transcript: corrected words, used from then on. */
    putTranscript: (clipId: string, input: PutTranscriptInput) => this.http.call<ClipTranscript>('PUT', `/v1/clips/${enc(clipId)}/transcript`, { body: input }),
    /** Extension GET /v1/clips/:clipId/cuts (issue 29): what remove_fillers / remove_silences would cut (both listed by default). */
    cuts: (clipId: string, query: { remove_fillers?: boolean; remove_silences?: boolean } = {}) =>
      this.http.call<ClipCuts>('GET', `/v1/clips/${enc(clipId)}/cuts`, { query: { remove_fillers: query.remove_fillers?.toString(), remove_silences: query.remove_silences?.toString() } }),
  };

  readonly platforms = {
    /** Starts an OAuth 2.0 connection (issue 15): open `authorization_url`, then connect() with the state and code. */
    authorize: (input: AuthorizePlatformInput) => this.http.call<AuthorizationStarted>('POST', '/v1/platforms/authorize', { body: input }),
    connect: (input: ConnectPlatformInput) => this.http.call<PlatformConnection>('POST', '/v1/platforms', { body: input }),
    list: () => this.http.call<{ platforms: PlatformConnection[] }>('GET', '/v1/platforms'),
    disconnect: (platform: string) => this.http.call<DisconnectedPlatform>('DELETE', `/v1/platforms/${enc(platform)}`),
  };

  readonly renders = {
    /** Spec: a re-trigger overwrites the previous output, so a retry is harmless. */
    /**
     * `look`: the extension fields layout and caption_style (issue 17), aspect, remove_fillers,
     * remove_silences and keep (issue 29), caption_speakers (issue 30); omitted, no body is sent.
     */
    create: (clipId: string, look?: CreateRenderInput) =>
      this.http.call<CreatedRender>('POST', `/v1/clips/${enc(clipId)}/renders`, look && Object.keys(look).length ? { body: look } : {}),
    get: (renderId: string) => this.http.call<Render>('GET', `/v1/renders/${enc(renderId)}`),
    /** Extension GET /v1/renders: newest first, paged. */
    list: (query: { status?: RenderStatus; limit?: number; cursor?: string } = {}) => this.http.call<RenderList>('GET', '/v1/renders', { query }),
  };

  readonly posts = {
    list: (clipId: string) => this.http.call<{ posts: Post[] }>('GET', `/v1/clips/${enc(clipId)}/posts`),
    /** DESIGN.md POST /v1/clips/:clipId/posts; not retried: a repeat would meet the first draft (409). */
    create: (clipId: string, input: CreatePostInput) => this.http.call<{ post: Post }>('POST', `/v1/clips/${enc(clipId)}/posts`, { body: input, idempotent: false }),
    get: (postId: string) => this.http.call<{ post: Post }>('GET', `/v1/posts/${enc(postId)}`),
    update: (postId: string, input: UpdatePostInput) => this.http.call<{ post: Post }>('PUT', `/v1/posts/${enc(postId)}`, { body: input }),
    /** Not retried: a repeat after a lost answer would be refused (the post is no longer a draft). */
    publish: (postId: string, input: PublishPostInput = {}) =>
      this.http.call<{ post: Post }>('POST', `/v1/posts/${enc(postId)}/publish`, { body: input, idempotent: false }),
    cancel: (postId: string) => this.http.call<{ post: Post }>('POST', `/v1/posts/${enc(postId)}/cancel`, { idempotent: false }),
  };

  /** Uploads (spec "POST /v1/uploads"); bytes go to the signed URLs, see uploader.ts. */
  readonly uploads = {
    create: (input: CreateUploadInput) => this.http.call<CreatedUpload>('POST', '/v1/uploads', { body: input }),
    resign: (id: string, partNumbers: number[]) => this.http.call<ResignedParts>('POST', `/v1/uploads/${enc(id)}/parts`, { body: { part_numbers: partNumbers } }),
    complete: (id: string, parts: Array<{ part_number: number; etag: string }>) =>
      this.http.call<CompletedUpload>('POST', `/v1/uploads/${enc(id)}/complete`, { body: { parts } }),
    cancel: (id: string) => this.http.call<CancelledUpload>('DELETE', `/v1/uploads/${enc(id)}`),
    get: (id: string) => this.http.call<UploadView>('GET', `/v1/uploads/${enc(id)}`),
  };
}
