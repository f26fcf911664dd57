// GET /v1/team (extension, issue 13 item 16: "render minutes left in whoami"): the caller's root
// team and its render-minute allowance this month (DESIGN.md "Render minutes": ceil(duration / 60)
// minutes a render, a monthly allowance per team, calendar month in UTC).

export interface TeamView {
  team_id: string;
  name: string;
  /** ISO 639-1; jobs that name no language use it. */
  preferred_language: string;
  render_minutes: {
    /** The calendar month (UTC) counted, 'YYYY-MM'. */
    month: string;
    allowance: number;
    used: number;
    remaining: number;
  };
}
