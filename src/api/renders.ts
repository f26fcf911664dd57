// The render contract (spec "Render", "POST /v1/clips/:clipId/renders", "GET /v1/renders/:renderId"),
// written once: the daemon answers with these types, the client reads them. The spec's create
// request has no body ("Request body: empty"); no body or `{}` stays valid, and the two optional
// extension fields of issue 17 (`layout`, `caption_style`) are the only fields accepted.
import { z } from 'zod';
import { ASPECTS, CAPTION_STYLES, LAYOUTS } from './looks.js';
import { listQuerySchema } from './lists.js';

/** DESIGN.md: "Render states: `queued`, `processing`, `done`, `failed`." */
export const RENDER_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export { ASPECTS, ASPECT_SIZES, CAPTION_STYLES, DEFAULT_ASPECT, LAYOUTS, type Aspect, type CaptionStyle, type Layout } from './looks.js';

/** Most `keep` spans one request carries (a minute of speech has a few dozen removable spans). */
export const KEEP_MAX = 500;

/** A span of the source (seconds) a person restored in the editor: removed spans overlapping it stay in. */
export const keepSpanSchema = z
  .strictObject({
    start: z.number({ message: 'start must be a number of seconds' }).min(0, 'start must be a number of seconds from 0 up'),
    end: z.number({ message: 'end must be a number of seconds' }).min(0, 'end must be a number of seconds from 0 up'),
  })
  .refine((s) => s.end > s.start, { message: 'end must be after start', path: ['end'] });
export type KeepSpan = z.infer<typeof keepSpanSchema>;

/** The extension fields a render or a post may choose (README "Layouts and caption styles"). */
export const lookFields = {
  layout: z.enum(LAYOUTS, { message: `layout must be one of ${LAYOUTS.join(', ')}` }).optional(),
  caption_style: z.enum(CAPTION_STYLES, { message: `caption_style must be one of ${CAPTION_STYLES.join(', ')}` }).optional(),
  // Issue 29, items 4 and 5 (DESIGN.md "Third round").
  aspect: z.enum(ASPECTS, { message: `aspect must be one of ${ASPECTS.join(', ')}` }).optional().describe('Aspect ratio of the video (default 9:16): 1080x1920, 1080x1080, 1080x1350 or 1920x1080'),
  remove_fillers: z.boolean({ message: 'remove_fillers must be a boolean' }).optional().describe('Cut filler words (per language: um, uh, you know... in English) out of picture, sound and captions'),
  remove_silences: z.boolean({ message: 'remove_silences must be a boolean' }).optional().describe('Shorten pauses longer than 0.6 s to a 0.25 s gap'),
  keep: z.array(keepSpanSchema, { message: 'keep must be a list of {start, end}' }).max(KEEP_MAX, `keep has at most ${KEEP_MAX} spans`).optional()
    .describe('Spans of the source (seconds) to keep although fillers or silences are removed: a removed span overlapping one stays in (GET /v1/clips/{clipId}/cuts lists them)'),
  // Issue 30, item 3: "captions can show who speaks (a style option)".
  caption_speakers: z.boolean({ message: 'caption_speakers must be a boolean' }).optional()
    .describe('Captions show who speaks (default false): each speaker\'s words in their own colour, and a line where the speaker changes starts with a dash. Uses the transcript\'s speaker per word; with one speaker the captions look as without it'),
};

/** POST /v1/clips/:clipId/renders: no body, `{}`, or the extension fields; anything else is a 400. */
export const createRenderSchema = z.strictObject(lookFields, {
  error: (iss) => (iss.code === 'unrecognized_keys' ? `this endpoint takes only layout, caption_style, aspect, remove_fillers, remove_silences, keep and caption_speakers (got ${iss.keys.join(', ')})` : 'the body must be empty or a JSON object'),
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
  /** Extension (issue 29, item 5): the output's length in seconds, present when the render cuts fillers or silences. */
  duration: z.number().optional().describe('Length of the output in seconds after fillers and silences were cut (present when remove_fillers or remove_silences is true)'),
});
export type Render = z.infer<typeof renderSchema>;

/** GET /v1/renders (extension, issue 13 item 16): the team's renders, newest first. */
export const renderListSchema = z.object({ renders: z.array(renderSchema), next_cursor: z.string().nullable() });
export type RenderList = z.infer<typeof renderListSchema>;

/** Query of GET /v1/renders. */
export const renderListQuerySchema = listQuerySchema(RENDER_STATUSES);
