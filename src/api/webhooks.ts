// The webhook contract, written once: registrations, their deliveries and the trigger extension.
// The daemon validates with the schemas and answers with the wire types; the client types its
// calls with both.
//
// Spec "Events": "Registration is dashboard-only (bearer JWT): an https endpoint URL is entered,
// event types are selected, and a signing secret is shown once." Spec "Records without a full
// field list": "Webhook registration record (stored fields and registration payload): not shown."
// DESIGN.md fills it in: "POST/GET /v1/webhooks, DELETE /v1/webhooks/:id | JWT only | `{url,
// events: [type...] or ["*"]}` | one-time `secret` at creation".
import { z } from 'zod';
import { EVENT_TYPES, type EventEnvelope } from './events.js';
import { eventEnvelopeSchema } from './event-payloads.js';

/** POST /v1/webhooks. The URL policy (https, or loopback http on the local daemon) is the daemon's. */
export const createWebhookSchema = z.strictObject({
  url: z.string().min(1, 'url is required').max(2048),
  events: z
    .array(z.enum([...EVENT_TYPES, '*'] as [string, ...string[]], { message: `each event must be one of the 14 event types or "*"` }))
    .min(1, 'events must name at least one event type, or "*"'),
  legacy_signature: z.boolean().optional(),
  description: z.string().max(500).optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** A registration as GET /v1/webhooks and GET /v1/webhooks/:id show it: never the secret. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** Spec "Delivery" 2: the legacy `service-signature` header; a registration may opt out. */
  legacy_signature: z.boolean(),
  description: z.string().nullable(),
  created_at: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The 201 of POST /v1/webhooks: the only answer that carries the signing `secret`. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** DELETE /v1/webhooks/:id. */
export const deletedWebhookSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedWebhook = z.infer<typeof deletedWebhookSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One delivery of an event to a registration (GET /v1/webhooks/:id/deliveries, extension). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts completed so far (the first plus retries; at most 6: spec "Delivery" 5). */
  attempts: z.number().int(),
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: z.number().int().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.number().int().nullable(),
  delivered_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Query of GET /v1/webhooks/:id/deliveries (extension): `{deliveries: [...]}`, newest first. */
export const listDeliveriesQuerySchema = z.strictObject({
  status: z.enum(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number().int('limit must be a whole number').min(1).max(100).default(20),
});

/** POST /v1/webhooks/trigger (extension): emit a sample event of `type` for the caller's team. */
export const triggerWebhookSchema = z.strictObject({
  type: z.enum(EVENT_TYPES, { message: `type must be one of the 14 event types: ${EVENT_TYPES.join(', ')}` }),
});
export type TriggerWebhookInput = z.infer<typeof triggerWebhookSchema>;

/** The 201 of POST /v1/webhooks/trigger: the event as it was emitted (spec "Envelope"). */
export const triggeredEventSchema = z.object({ event: eventEnvelopeSchema });
export interface TriggeredEvent {
  event: EventEnvelope;
}
