import type { Migration } from './index.js';

/**
 * The web editor (issue 16). `clip_transcripts`: a clip's corrected words (PUT
 * /v1/clips/:clipId/transcript, DESIGN.md "Second round": "corrected words are what captions,
 * titles, drafts and renders use from then on") over the span they were given for, so a later
 * trim keeps them and takes the recognised words only outside it. `clips.title_edited`: a title
 * set through PATCH is kept when the words change. `web_sessions`: sign-in sessions of the pages
 * (issue 16, item 4: "sessions expire and can be ended"); the cookie carries a random id of which
 * only a SHA-256 is kept, with the session's CSRF token. Numbered 16 after the issue.
 */
export const m016: Migration = {
  version: 16,
  name: 'clip edits and web sessions',
  sql: (d) => `
ALTER TABLE clips ADD COLUMN title_edited INTEGER NOT NULL DEFAULT 0;
CREATE TABLE clip_transcripts (
  clip_id TEXT PRIMARY KEY REFERENCES clips(id) ON DELETE CASCADE,
  start ${d.real} NOT NULL,
  "end" ${d.real} NOT NULL,
  words TEXT NOT NULL,               -- JSON Word[], absolute times in the source
  updated_at ${d.bigint} NOT NULL
${d.tableEnd};
CREATE TABLE web_sessions (
  id_hash TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  expires_at ${d.bigint} NOT NULL,
  ended_at ${d.bigint}
${d.tableEnd};
CREATE INDEX web_sessions_expiry ON web_sessions (expires_at);
`,
};
