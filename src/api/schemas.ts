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
