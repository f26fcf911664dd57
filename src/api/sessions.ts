// GET /v1/auth/session-link (DESIGN.md "Second round": JWT only, "{url, expires_at}: a one-time,
// 5-minute sign-in link to the web pages (`clipper open CLIP` uses it)"). Extension query
// `clip_id`: the link lands on that clip's editor page (checked to exist on the team) instead of
// the jobs page.
import { z } from 'zod';

export const SESSION_LINK_TTL_MS = 5 * 60_000;
/** Issue 16, item 4: "sessions expire and can be ended": a session of the web pages lasts 8 hours. */
export const WEB_SESSION_TTL_MS = 8 * 3_600_000;

export const sessionLinkQuerySchema = z.strictObject({
  clip_id: z.string({ message: 'clip_id must be a string' }).regex(/^[A-Za-z0-9_-]{1,100}$/, 'clip_id is not a clip id').optional(),
});

export const sessionLinkSchema = z.object({ url: z.string(), expires_at: z.number().int() });
export type SessionLink = z.infer<typeof sessionLinkSchema>;
