// GET /v1/team (extension, issue 13 item 16: "render minutes left in whoami"): the caller's root
// team and its render-minute allowance this month (DESIGN.md "Render minutes": ceil(duration / 60)
// minutes a render, a monthly allowance per team, calendar month in UTC).

import { z } from 'zod';

export const teamSchema = z.object({
  team_id: z.string(),
  name: z.string(),
  /** ISO 639-1; jobs that name no language use it. */
  preferred_language: z.string(),
  render_minutes: z.object({
    /** The calendar month (UTC) counted, 'YYYY-MM'. */
    month: z.string(),
    allowance: z.number(),
    used: z.number(),
    remaining: z.number(),
  }),
});
export type TeamView = z.infer<typeof teamSchema>;
