// Request schemas of the management endpoints (DESIGN.md, "Endpoints the spec names but does
// not show"). The daemon validates with them; the client takes its input types from them.
import { z } from 'zod';
import { EVENT_TYPES, PLATFORMS } from './events.js';
import type { WebhookDelivery } from '../client/types.js';

export const createKeySchema = z.strictObject({
  label: z.string().trim().min(1, 'label is required').max(100, 'label is at most 100 characters'),
});
export type CreateKeyInput = z.infer<typeof createKeySchema>;

export const createWebhookSchema = z.strictObject({
  url: z.string().min(1, 'url is required').max(2048),
  events: z
    .array(z.enum([...EVENT_TYPES, '*'] as [string, ...string[]], { message: `each event must be one of the 14 event types or "*"` }))
    .min(1, 'events must name at least one event type, or "*"'),
  legacy_signature: z.boolean().optional(),
  description: z.string().max(500).optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const connectPlatformSchema = z.strictObject({
  platform: z.enum(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` }),
  connector: z.string().trim().min(1).max(64).default('local'),
  account_name: z.string().trim().min(1).max(200).default('local'),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type ConnectPlatformInput = z.input<typeof connectPlatformSchema>;

/** POST /v1/webhooks/trigger (extension): emit a sample event of `type` for the caller's team. */
export const triggerWebhookSchema = z.strictObject({
  type: z.enum(EVENT_TYPES, { message: `type must be one of the 14 event types: ${EVENT_TYPES.join(', ')}` }),
});
export type TriggerWebhookInput = z.infer<typeof triggerWebhookSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed', 'cancelled'] as const satisfies readonly WebhookDelivery['status'][];

/** Query of GET /v1/webhooks/:id/deliveries (extension). */
export const listDeliveriesQuerySchema = z.strictObject({
  status: z.enum(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number().int('limit must be a whole number').min(1).max(100).default(20),
});

// Uploads (spec "POST /v1/uploads" and DESIGN.md's re-sign endpoint).
const VIDEO_CONTENT_TYPE = /^(video\/[a-z0-9][a-z0-9!#$&^_.+-]*|application\/octet-stream)\s*(;.*)?$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const createUploadSchema = z.strictObject({
  content_type: z
    .string({ message: 'content_type is required' })
    .trim()
    .max(255)
    .regex(VIDEO_CONTENT_TYPE, 'content_type must be a video MIME type (video/...) or application/octet-stream'),
  file_name: z
    .string()
    .trim()
    .min(1, 'file_name must not be empty')
    .max(255, 'file_name is at most 255 characters')
    .refine((s) => !CONTROL_CHARS.test(s), 'file_name must not contain control characters')
    .optional(),
  size_bytes: z
    .number({ message: 'size_bytes must be a number' })
    .int('size_bytes must be a positive integer')
    .positive('size_bytes must be a positive integer')
    .max(10_000_000_000, 'size_bytes is at most 10,000,000,000')
    .optional(),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

const partNumber = z.number({ message: 'part numbers are integers' }).int('part numbers are integers').min(1, 'part numbers start at 1');

export const resignPartsSchema = z.strictObject({
  part_numbers: z.array(partNumber, { message: 'part_numbers must be an array of part numbers' }).min(1, 'part_numbers must name at least one part').max(100, 'part_numbers takes up to 100 part numbers'),
});
export type ResignPartsInput = z.infer<typeof resignPartsSchema>;

export const completeUploadSchema = z.strictObject({
  parts: z
    .array(z.strictObject({ part_number: partNumber, etag: z.string({ message: 'etag is required' }).trim().min(1, 'etag is required').max(200) }), {
      message: 'parts must be an array of {part_number, etag}',
    })
    .min(1, 'parts must list every part')
    .max(100, 'an upload has at most 100 parts'),
});
export type CompleteUploadInput = z.infer<typeof completeUploadSchema>;
