// Public entry of the package (`import { Clipper } from 'clipper'`, issue 18): the SDK, the typed
// client it is built on, and the shared contract (wire types and schemas of src/api).
export { Clipper, ResourceFailedError, DEFAULT_BASE_URL, type ClipperOptions, type WaitOptions } from './sdk/clipper.js';
export { ClipperClient } from './client/client.js';
export { ClientError } from './client/errors.js';
export { WaitTimeoutError } from './client/wait.js';
export type { HttpOptions } from './client/http.js';
export type { UploadFileOptions, UploadResult, UploadProgress, UploaderEvent } from './client/uploader.js';
export { EVENT_TYPES, PLATFORMS, type EventType, type EventEnvelope, type EventDataByType, type Platform } from './api/events.js';
export { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from './api/errors.js';
export type { ClipJobView, ClipView, ClipJobList, CreateClipJobInput, CreatedClipJob, JobStatus } from './api/clips.js';
export type { Post, PostStatus, UpdatePostInput, PublishPostInput, CreatePostInput } from './api/posts.js';
export type { Render, RenderStatus, CreatedRender, CreateRenderInput } from './api/renders.js';
export type { CreatedUpload, UploadView } from './api/uploads.js';
export type { Webhook, CreatedWebhook, WebhookDelivery } from './api/webhooks.js';
export type { PlatformConnection } from './api/platforms.js';
export {
  verifySignature,
  parseSignatureHeader,
  WebhookVerificationError,
  MissingSignatureHeaderError,
  MalformedSignatureHeaderError,
  TimestampOutsideToleranceError,
  SignatureMismatchError,
  type VerifyOptions,
  type VerifiedSignature,
  type VerificationErrorCode,
} from './webhooks/verify.js';
export { computeSignature, signatureHeader, SIGNATURE_HEADER, LEGACY_SIGNATURE_HEADER } from './webhooks/sign.js';
