import type { Migration } from './index.js';

/**
 * One-time sign-in links to the web pages (DESIGN.md "Second round": GET /v1/auth/session-link,
 * "a one-time, 5-minute sign-in link"; issue 13, item 4). Only a SHA-256 of the link's code is
 * kept; `used_at` is set by the one redemption that wins. Numbered 13 after the issue, so other
 * areas' migrations (006...) keep their numbers.
 */
export const m013: Migration = {
  version: 13,
  name: 'session links: one-time sign-in links to the web pages',
  sql: (d) => `
CREATE TABLE session_links (
  code_hash TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  next_path TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  expires_at ${d.bigint} NOT NULL,
  used_at ${d.bigint}
${d.tableEnd};
CREATE INDEX session_links_expiry ON session_links (expires_at);
`,
};
