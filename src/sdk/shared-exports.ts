// What the Node entry (src/index.ts) and the browser entry (src/browser.ts) both export.
export { ResourceFailedError, DEFAULT_BASE_URL, type ClipperOptions, type WaitOptions } from './clipper.js';
export { ClipperClient } from '../client/client.js';
export { ClientError } from '../client/errors.js';
export { WaitTimeoutError } from '../client/wait.js';
export type { HttpOptions } from '../client/http.js';
export type { UploadFileOptions, UploadResult, UploadProgress, UploaderEvent } from '../client/uploader.js';
export { EVENT_TYPES, PLATFORMS, type EventType, type EventEnvelope, type EventDataByType, type Platform } from '../api/events.js';
export { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from '../api/errors.js';
export type { ClipJobView, ClipView, ClipJobList, CreateClipJobInput, CreatedClipJob, JobStatus } from '../api/clips.js';
export type { Post, PostStatus, UpdatePostInput, PublishPostInput, CreatePostInput } from '../api/posts.js';
export type { Render, RenderStatus, CreatedRender, CreateRenderInput, Aspect, KeepSpan } from '../api/renders.js';
export type { ClipCuts, RemovedSpanView } from '../api/cuts.js';
export type { CreatedUpload, UploadView } from '../api/uploads.js';
export type { Webhook, CreatedWebhook, WebhookDelivery } from '../api/webhooks.js';
export type { PlatformConnection } from '../api/platforms.js';
