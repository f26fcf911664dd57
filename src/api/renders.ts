// The render contract (spec "Render", "POST /v1/clips/:clipId/renders", "GET /v1/renders/:renderId"),
// written once: the daemon answers with these types, the client reads them. The spec's create
// request has no body ("Request body: empty"); no body or `{}` stays valid, and the two optional
// extension fields of issue 17 (`layout`, `caption_style`) are the only fields accepted.
import { z } from 'zod';
import { CAPTION_STYLES, LAYOUTS } from './looks.js';
import { listQuerySchema } from './lists.js';

/** DESIGN.md: "Render states: `queued`, `processing`, `done`, `failed`." */
export const RENDER_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export { CAPTION_STYLES, LAYOUTS, type CaptionStyle, type Layout } from './looks.js';

/** The extension fields a render or a post may choose (README "Layouts and caption styles"). */
export const lookFields = {
  layout: z.enum(LAYOUTS, { message: `layout must be one of ${LAYOUTS.join(', ')}` }).optional(),
  caption_style: z.enum(CAPTION_STYLES, { message: `caption_style must be one of ${CAPTION_STYLES.join(', ')}` }).optional(),
};

/** POST /v1/clips/:clipId/renders: no body, `{}`, or the extension fields; anything else is a 400. */
export const createRenderSchema = z.strictObject(lookFields, {
  error: (iss) => (iss.code === 'unrecognized_keys' ? `this endpoint takes only layout and caption_style (got ${iss.keys.join(', ')})` : 'the body must be empty or a JSON object'),
});
export type CreateRenderInput = z.infer<typeof createRenderSchema>;

// Responses, as zod schemas so the OpenAPI document is generated from them (issue 18).

/**
 * Spec "POST /v1/clips/:clipId/renders": "Response 202: `render_id` (string, equals the clip id),
 * `status` (string, always `queued`), `created_at` (number)."
 */
export const createdRenderSchema = z.object({ render_id: z.string(), status: z.literal('queued'), created_at: z.number().int() });
export type CreatedRender = z.infer<typeof createdRenderSchema>;

/**
 * GET /v1/renders/:id. Spec: "Response fields of GET /v1/renders/:renderId beyond `status` and
 * `output_url`: not shown"; DESIGN.md: "`{render_id, clip_id, status, created_at, progress,
 * output_url?, error?}`".
 */
export const renderSchema = z.object({
  render_id: z.string(),
  clip_id: z.string(),
  status: z.enum(RENDER_STATUSES),
  created_at: z.number().int(),
  progress: z.number().min(0).max(1),
  output_url: z.string().optional().describe('One-hour signed MP4 link, present once status is `done`'),
  error: z.string().optional(),
  /** Extension (issue 17): present when the render asked for them. */
  ...lookFields,
});
export type Render = z.infer<typeof renderSchema>;

/** GET /v1/renders (extension, issue 13 item 16): the team's renders, newest first. */
export const renderListSchema = z.object({ renders: z.array(renderSchema), next_cursor: z.string().nullable() });
export type RenderList = z.infer<typeof renderListSchema>;

/** Query of GET /v1/renders. */
export const renderListQuerySchema = listQuerySchema(RENDER_STATUSES);
