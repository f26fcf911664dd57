// The render contract (spec "Render", "POST /v1/clips/:clipId/renders", "GET /v1/renders/:renderId"),
// written once: the daemon answers with these types, the client reads them. The spec's create
// request has no body ("Request body: empty"); no body or `{}` stays valid, and the two optional
// extension fields of issue 17 (`layout`, `caption_style`) are the only fields accepted.
import { z } from 'zod';
import { CAPTION_STYLES, LAYOUTS, type CaptionStyle, type Layout } from './looks.js';

/** DESIGN.md: "Render states: `queued`, `processing`, `done`, `failed`." */
export const RENDER_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/**
 * Spec "POST /v1/clips/:clipId/renders": "Response 202: `render_id` (string, equals the clip id),
 * `status` (string, always `queued`), `created_at` (number)."
 */
export interface CreatedRender {
  render_id: string;
  status: 'queued';
  created_at: number;
}

/**
 * GET /v1/renders/:id. Spec: "Response fields of GET /v1/renders/:renderId beyond `status` and
 * `output_url`: not shown"; DESIGN.md: "`{render_id, clip_id, status, created_at, progress,
 * output_url?, error?}`".
 */
export interface Render {
  render_id: string;
  clip_id: string;
  status: RenderStatus;
  created_at: number;
  progress: number;
  /** Spec "Render": "One-hour signed MP4 link, present once status is `done`". */
  output_url?: string;
  error?: string;
  /** Extension (issue 17): present when the render asked for them. */
  layout?: Layout;
  caption_style?: CaptionStyle;
}

/** GET /v1/renders (extension, issue 13 item 16): the team's renders, newest first. */
export interface RenderList {
  renders: Render[];
  next_cursor: string | null;
}

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
