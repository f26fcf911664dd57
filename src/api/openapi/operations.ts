// Every /v1 operation, as the OpenAPI document (issue 18, item 1) describes it: the schemas are the
// ones that validate requests (src/api/<resource>.ts), never a copy. test/openapi checks this table
// against the daemon's routes (method, path, auth, status check) both ways.
import { z } from 'zod';
import { clipJobListSchema, clipJobSchema, createClipJobSchema, createdClipJobSchema, jobListQuerySchema } from '../clips.js';
import { clipTranscriptSchema, patchClipSchema, patchedClipSchema, putTranscriptSchema } from '../clip-edits.js';
import { pingSchema } from '../health.js';
import { speechEngineSchema } from '../transcription.js';
import { apiKeySchema, createdApiKeySchema, createKeySchema, revokedApiKeySchema } from '../keys.js';
import { authorizationStartedSchema, authorizePlatformSchema, connectPlatformSchema, disconnectedPlatformSchema, platformConnectionSchema } from '../platforms.js';
import { createPostSchema, postEnvelopeSchema, postListSchema, publishPostSchema, updatePostSchema } from '../posts.js';
import { clipCutsSchema, cutsQuerySchema } from '../cuts.js';
import { createdRenderSchema, createRenderSchema, renderListQuerySchema, renderListSchema, renderSchema } from '../renders.js';
import { sessionLinkQuerySchema, sessionLinkSchema } from '../sessions.js';
import { teamSchema } from '../teams.js';
import { cancelledUploadSchema, completedUploadSchema, completeUploadSchema, createdUploadSchema, createUploadSchema, resignedPartsSchema, resignPartsSchema, uploadViewSchema } from '../uploads.js';
import { createdWebhookSchema, createWebhookSchema, deletedWebhookSchema, listDeliveriesQuerySchema, triggeredEventSchema, triggerWebhookSchema, webhookDeliverySchema, webhookSchema } from '../webhooks.js';

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The daemon's pattern (`/v1/clips/:id`); the document writes `{id}`. */
  path: string;
  /** What a path parameter names, when one template serves several resources (`/v1/clips/:id`). */
  params?: Record<string, string>;
  /** Spec "Authentication": key or JWT (`any`), JWT only (`jwt`: keys and webhooks), or none. */
  auth: 'any' | 'jwt' | 'none';
  /** Spec "Status-check limits": GET /v1/clips/:id, /v1/clips/:id/posts, /v1/renders/:id, /v1/posts/:id. */
  statusCheck?: boolean;
  tag: string;
  summary: string;
  body?: z.ZodType;
  /** The spec's "Request body: empty" endpoints accept no body or `{}`. */
  bodyOptional?: boolean;
  query?: z.ZodObject;
  status: number;
  response: z.ZodType;
  /** Error statuses besides 401, 429 and 500 (every operation has those). */
  errors: number[];
}

const list = <T extends z.ZodType>(key: string, item: T) => z.object({ [key]: z.array(item) });
const op = (o: Operation) => o;

/** Every tag of OPERATIONS, described (the document's `tags`). */
export const TAGS: Record<string, string> = {
  account: 'The caller\'s credential, team, sign-in links and this document',
  clips: 'Clip jobs (one video in, scored clips out) and the clips they found',
  renders: 'Full-quality renders of clips',
  posts: 'Drafts per platform, publishing now or on a schedule',
  uploads: 'Multipart uploads of source videos',
  keys: 'API keys of a team (JWT only)',
  webhooks: 'Webhook endpoints and their deliveries (JWT only)',
  platforms: 'Connected social platform accounts (JWT only)',
};

export const OPERATIONS: Operation[] = [
  op({ operationId: 'ping', method: 'GET', path: '/v1/ping', auth: 'any', tag: 'account', summary: 'Check a credential: the team it acts as and its kind', status: 200, response: pingSchema, errors: [] }),
  op({ operationId: 'getTeam', method: 'GET', path: '/v1/team', auth: 'any', tag: 'account', summary: 'The caller\'s team and its render minutes this month', status: 200, response: teamSchema, errors: [] }),
  op({ operationId: 'getOpenApi', method: 'GET', path: '/v1/openapi.json', auth: 'none', tag: 'account', summary: 'This document', status: 200, response: z.record(z.string(), z.unknown()), errors: [] }),
  op({ operationId: 'createSessionLink', method: 'GET', path: '/v1/auth/session-link', auth: 'jwt', tag: 'account', summary: 'A one-time, 5-minute sign-in link to the web pages', query: sessionLinkQuerySchema, status: 200, response: sessionLinkSchema, errors: [400, 404] }),

  op({ operationId: 'createClipJob', method: 'POST', path: '/v1/clips', auth: 'any', tag: 'clips', summary: 'Start a clip job from a link or an upload (a new job on every call)', body: createClipJobSchema, status: 202, response: createdClipJobSchema, errors: [400, 409] }),
  op({ operationId: 'listClipJobs', method: 'GET', path: '/v1/clips', auth: 'any', tag: 'clips', summary: 'The team\'s clip jobs, newest first (not a status check)', query: jobListQuerySchema, status: 200, response: clipJobListSchema, errors: [400] }),
  op({ operationId: 'getSpeechEngine', method: 'GET', path: '/v1/transcription', auth: 'any', tag: 'clips', summary: 'The speech engine and model the next clip job transcribes with (extension)', status: 200, response: speechEngineSchema, errors: [] }),
  op({ operationId: 'getClipJob', method: 'GET', path: '/v1/clips/:id', params: { id: 'The clip job\'s id (`job_id` of POST /v1/clips)' }, auth: 'any', statusCheck: true, tag: 'clips', summary: 'Poll a clip job', status: 200, response: clipJobSchema, errors: [404] }),

  op({ operationId: 'updateClip', method: 'PATCH', path: '/v1/clips/:id', params: { id: 'A clip\'s id (`id` of an entry in a clip job\'s `clips`)' }, auth: 'any', tag: 'clips', summary: 'Trim a clip or set its title (the preview is made again, drafts rewritten)', body: patchClipSchema, status: 200, response: patchedClipSchema, errors: [400, 404, 409] }),
  op({ operationId: 'getClipTranscript', method: 'GET', path: '/v1/clips/:clipId/transcript', auth: 'any', tag: 'clips', summary: 'The words of a clip\'s span', status: 200, response: clipTranscriptSchema, errors: [404] }),
  op({ operationId: 'putClipTranscript', method: 'PUT', path: '/v1/clips/:clipId/transcript', auth: 'any', tag: 'clips', summary: 'Correct the words of a clip (captions, titles, drafts and renders use them)', body: putTranscriptSchema, status: 200, response: clipTranscriptSchema, errors: [400, 404, 409] }),

  op({ operationId: 'getClipCuts', method: 'GET', path: '/v1/clips/:clipId/cuts', auth: 'any', tag: 'clips', summary: 'What remove_fillers and remove_silences would cut from a clip (restore one with `keep`)', query: cutsQuerySchema, status: 200, response: clipCutsSchema, errors: [400, 404] }),
  op({ operationId: 'createRender', method: 'POST', path: '/v1/clips/:clipId/renders', auth: 'any', tag: 'renders', summary: 'Start a full render of a clip (replaces the previous output)', body: createRenderSchema, bodyOptional: true, status: 202, response: createdRenderSchema, errors: [400, 404, 409] }),
  op({ operationId: 'listRenders', method: 'GET', path: '/v1/renders', auth: 'any', tag: 'renders', summary: 'The team\'s renders, newest first', query: renderListQuerySchema, status: 200, response: renderListSchema, errors: [400] }),
  op({ operationId: 'getRender', method: 'GET', path: '/v1/renders/:renderId', auth: 'any', statusCheck: true, tag: 'renders', summary: 'Poll a render', status: 200, response: renderSchema, errors: [404] }),

  op({ operationId: 'listClipPosts', method: 'GET', path: '/v1/clips/:clipId/posts', auth: 'any', statusCheck: true, tag: 'posts', summary: 'Every post of a clip', status: 200, response: postListSchema, errors: [404] }),
  op({ operationId: 'createPost', method: 'POST', path: '/v1/clips/:clipId/posts', auth: 'any', tag: 'posts', summary: 'A new draft of a clip for a connected platform', body: createPostSchema, status: 201, response: postEnvelopeSchema, errors: [400, 404, 409] }),
  op({ operationId: 'getPost', method: 'GET', path: '/v1/posts/:postId', auth: 'any', statusCheck: true, tag: 'posts', summary: 'Read one post', status: 200, response: postEnvelopeSchema, errors: [404] }),
  op({ operationId: 'updatePost', method: 'PUT', path: '/v1/posts/:postId', auth: 'any', tag: 'posts', summary: 'Edit a draft post', body: updatePostSchema, status: 200, response: postEnvelopeSchema, errors: [400, 404] }),
  op({ operationId: 'publishPost', method: 'POST', path: '/v1/posts/:postId/publish', auth: 'any', tag: 'posts', summary: 'Publish a draft now, or schedule it (`scheduled_at` at least 5 minutes ahead)', body: publishPostSchema, bodyOptional: true, status: 200, response: postEnvelopeSchema, errors: [400, 404] }),
  op({ operationId: 'cancelPost', method: 'POST', path: '/v1/posts/:postId/cancel', auth: 'any', tag: 'posts', summary: 'Cancel a draft, scheduled or queued post', status: 200, response: postEnvelopeSchema, errors: [400, 404] }),

  op({ operationId: 'createUpload', method: 'POST', path: '/v1/uploads', auth: 'any', tag: 'uploads', summary: 'Create an upload: one signed PUT URL, or parts when `size_bytes` is given', body: createUploadSchema, status: 201, response: createdUploadSchema, errors: [400] }),
  op({ operationId: 'resignUploadParts', method: 'POST', path: '/v1/uploads/:id/parts', auth: 'any', tag: 'uploads', summary: 'Fresh signed URLs for parts of a multipart upload', body: resignPartsSchema, status: 200, response: resignedPartsSchema, errors: [400, 404, 409] }),
  op({ operationId: 'completeUpload', method: 'POST', path: '/v1/uploads/:id/complete', auth: 'any', tag: 'uploads', summary: 'Finish a multipart upload', body: completeUploadSchema, status: 200, response: completedUploadSchema, errors: [400, 404, 409] }),
  op({ operationId: 'cancelUpload', method: 'DELETE', path: '/v1/uploads/:id', auth: 'any', tag: 'uploads', summary: 'Cancel an unfinished multipart upload', status: 200, response: cancelledUploadSchema, errors: [404, 409] }),
  op({ operationId: 'getUpload', method: 'GET', path: '/v1/uploads/:id', auth: 'any', tag: 'uploads', summary: 'An upload and the parts received so far (to resume)', status: 200, response: uploadViewSchema, errors: [404] }),

  op({ operationId: 'createKey', method: 'POST', path: '/v1/keys', auth: 'jwt', tag: 'keys', summary: 'Create an API key (its secret is shown once)', body: createKeySchema, status: 201, response: createdApiKeySchema, errors: [400] }),
  op({ operationId: 'listKeys', method: 'GET', path: '/v1/keys', auth: 'jwt', tag: 'keys', summary: 'The team\'s API keys', status: 200, response: list('keys', apiKeySchema), errors: [] }),
  op({ operationId: 'revokeKey', method: 'DELETE', path: '/v1/keys/:id', auth: 'jwt', tag: 'keys', summary: 'Revoke an API key', status: 200, response: revokedApiKeySchema, errors: [404] }),

  op({ operationId: 'createWebhook', method: 'POST', path: '/v1/webhooks', auth: 'jwt', tag: 'webhooks', summary: 'Register a webhook (its signing secret is shown once)', body: createWebhookSchema, status: 201, response: createdWebhookSchema, errors: [400] }),
  op({ operationId: 'listWebhooks', method: 'GET', path: '/v1/webhooks', auth: 'jwt', tag: 'webhooks', summary: 'The team\'s webhooks', status: 200, response: list('webhooks', webhookSchema), errors: [] }),
  op({ operationId: 'getWebhook', method: 'GET', path: '/v1/webhooks/:id', auth: 'jwt', tag: 'webhooks', summary: 'One webhook', status: 200, response: webhookSchema, errors: [404] }),
  op({ operationId: 'deleteWebhook', method: 'DELETE', path: '/v1/webhooks/:id', auth: 'jwt', tag: 'webhooks', summary: 'Delete a webhook', status: 200, response: deletedWebhookSchema, errors: [404] }),
  op({ operationId: 'listWebhookDeliveries', method: 'GET', path: '/v1/webhooks/:id/deliveries', auth: 'jwt', tag: 'webhooks', summary: 'Deliveries of a webhook, newest first', query: listDeliveriesQuerySchema, status: 200, response: list('deliveries', webhookDeliverySchema), errors: [400, 404] }),
  op({ operationId: 'resendWebhookDelivery', method: 'POST', path: '/v1/webhooks/:id/deliveries/:deliveryId/resend', auth: 'jwt', tag: 'webhooks', summary: 'Send a delivery again', status: 202, response: z.object({ delivery: webhookDeliverySchema }), errors: [404, 409] }),
  op({ operationId: 'triggerWebhookEvent', method: 'POST', path: '/v1/webhooks/trigger', auth: 'any', tag: 'webhooks', summary: 'Emit a sample event of a type for the team', body: triggerWebhookSchema, status: 201, response: triggeredEventSchema, errors: [400] }),

  op({ operationId: 'authorizePlatform', method: 'POST', path: '/v1/platforms/authorize', auth: 'jwt', tag: 'platforms', summary: 'Start an OAuth 2.0 connection of a platform', body: authorizePlatformSchema, status: 200, response: authorizationStartedSchema, errors: [400] }),
  op({ operationId: 'connectPlatform', method: 'POST', path: '/v1/platforms', auth: 'jwt', tag: 'platforms', summary: 'Connect a platform (replaces its connection)', body: connectPlatformSchema, status: 201, response: platformConnectionSchema, errors: [400] }),
  op({ operationId: 'listPlatforms', method: 'GET', path: '/v1/platforms', auth: 'jwt', tag: 'platforms', summary: 'The team\'s connected platforms', status: 200, response: list('platforms', platformConnectionSchema), errors: [] }),
  op({ operationId: 'disconnectPlatform', method: 'DELETE', path: '/v1/platforms/:platform', auth: 'jwt', tag: 'platforms', summary: 'Disconnect a platform', status: 200, response: disconnectedPlatformSchema, errors: [404] }),
];
