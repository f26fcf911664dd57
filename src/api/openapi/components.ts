// The named schemas of the OpenAPI document (`components.schemas`): the shared zod schemas of
// src/api under the names a generated client would give them. A schema of an operation that is
// not named here gets the operation's name (document.ts).
import { z } from 'zod';
import { clipJobListSchema, clipJobSchema, clipSchema, createClipJobSchema, createdClipJobSchema, scoreBreakdownSchema } from '../clips.js';
import { errorEnvelopeSchema } from '../error-envelope.js';
import { EVENT_ENVELOPE_SCHEMAS } from '../event-payloads.js';
import { EVENT_TYPES } from '../events.js';
import { postEnvelopeSchema, postListSchema, postSchema, updatePostSchema } from '../posts.js';
import { renderSchema } from '../renders.js';
import { multipartUploadCreatedSchema, singleUploadCreatedSchema, uploadViewSchema } from '../uploads.js';
import { platformConnectionSchema } from '../platforms.js';
import { webhookDeliverySchema, webhookSchema } from '../webhooks.js';

/** `asset.analysis.succeeded` -> `AssetAnalysisSucceededEvent`. */
export const eventSchemaName = (type: string) => `${type.split('.').map((w) => w[0].toUpperCase() + w.slice(1)).join('')}Event`;

export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorEnvelopeSchema,
  Clip: clipSchema,
  ScoreBreakdown: scoreBreakdownSchema,
  ClipJob: clipJobSchema,
  ClipJobList: clipJobListSchema,
  CreateClipJob: createClipJobSchema,
  CreatedClipJob: createdClipJobSchema,
  Render: renderSchema,
  Post: postSchema,
  PostEnvelope: postEnvelopeSchema,
  PostList: postListSchema,
  UpdatePost: updatePostSchema,
  SingleUpload: singleUploadCreatedSchema,
  MultipartUpload: multipartUploadCreatedSchema,
  Upload: uploadViewSchema,
  Webhook: webhookSchema,
  WebhookDelivery: webhookDeliverySchema,
  PlatformConnection: platformConnectionSchema,
  ...Object.fromEntries(EVENT_TYPES.map((t) => [eventSchemaName(t), EVENT_ENVELOPE_SCHEMAS[t]])),
};
