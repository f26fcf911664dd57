// Event payloads (spec "Events", "Event types" and "Envelope") as zod schemas, so the OpenAPI
// document's `webhooks` are generated from them (issue 18, item 1) and the payload types are
// inferred. Kept apart from events.ts, which the CLI's help loads without zod
// (test/cli/startup.test.ts); events.ts takes only the types from here.
import { z } from 'zod';
import { EVENT_TYPES, PLATFORMS } from './events.js';

const asset = { asset_id: z.string(), team_id: z.string() };
const project = { project_id: z.string(), team_id: z.string() };
const post = { post_id: z.string(), clip_id: z.string(), platform: z.enum(PLATFORMS), team_id: z.string() };
const progress = z.number().min(0).max(1);

/** Spec "Event types": the data fields of each type ("Payloads are deliberately small"). */
export const EVENT_DATA_SCHEMAS = {
  'asset.creation.succeeded': z.object({ ...asset, duration_seconds: z.number(), job_id: z.string() }),
  'asset.creation.failed': z.object({ ...asset, error: z.string(), job_id: z.string() }),
  'asset.analysis.started': z.object({ ...asset, job_id: z.string() }),
  'asset.analysis.progress': z.object({ ...asset, progress, job_id: z.string() }),
  'asset.analysis.succeeded': z.object({ ...asset, job_id: z.string() }),
  'asset.analysis.failed': z.object({ ...asset, error: z.string(), job_id: z.string() }),
  'project.render.started': z.object(project),
  'project.render.progress': z.object({ ...project, progress }),
  'project.render.succeeded': z.object(project),
  'project.render.failed': z.object({ ...project, error: z.string() }),
  'post.draft.created': z.object(post),
  'post.scheduled': z.object({ ...post, scheduled_at: z.number().int() }),
  'post.published': z.object({ ...post, published_url: z.string() }),
  'post.failed': z.object({ ...post, error: z.string() }),
} satisfies Record<(typeof EVENT_TYPES)[number], z.ZodType>;

export type EventDataByType = { [K in keyof typeof EVENT_DATA_SCHEMAS]: z.infer<(typeof EVENT_DATA_SCHEMAS)[K]> };

/** Spec "Envelope": `{id, type, created, data}` of one event type. */
export function eventEnvelopeOf<T extends keyof typeof EVENT_DATA_SCHEMAS>(type: T) {
  return z.object({
    id: z.string().describe('Unique event id, used for deduplication'),
    type: z.literal(type),
    created: z.number().int().describe('Unix-ms'),
    data: EVENT_DATA_SCHEMAS[type],
  });
}

/** One envelope schema per event type (the OpenAPI document names each). */
export const EVENT_ENVELOPE_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((t) => [t, eventEnvelopeOf(t)])) as {
  [K in keyof typeof EVENT_DATA_SCHEMAS]: ReturnType<typeof eventEnvelopeOf<K>>;
};

/** Any event's envelope. */
export const eventEnvelopeSchema = z.discriminatedUnion(
  'type',
  Object.values(EVENT_ENVELOPE_SCHEMAS) as unknown as [ReturnType<typeof eventEnvelopeOf>, ...ReturnType<typeof eventEnvelopeOf>[]],
);
