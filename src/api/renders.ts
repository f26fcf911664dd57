// The render contract (spec "Render", "POST /v1/clips/:clipId/renders", "GET /v1/renders/:renderId"),
// written once: the daemon answers with these types, the client reads them. The create request
// has no body ("Request body: empty"): emptyBodySchema in validate.ts.

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
}

/** GET /v1/renders (extension, issue 13 item 16): the team's renders, newest first. */
export interface RenderList {
  renders: Render[];
  next_cursor: string | null;
}
