import type { Migration } from './index.js';

export const m002: Migration = {
  version: 2,
  name: 'uploads and their received parts',
  sql: (d) => `
-- One row per POST /v1/uploads. status is the stored state; a pending upload whose stale_at has
-- passed reads as expired before the nightly cleanup persists it (daemon/uploads/upload-policy.ts).
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('single','multipart')),
  status TEXT NOT NULL CHECK (status IN ('pending','complete','aborted','expired')),
  content_type TEXT NOT NULL,
  file_name TEXT,
  size_bytes ${d.bigint},                -- declared (multipart) or received (single, once PUT)
  part_size ${d.bigint},
  part_count INTEGER,
  object_key TEXT NOT NULL UNIQUE,
  multipart_id TEXT,                 -- the object store's id of the multipart upload
  etag TEXT,                         -- of the stored object, once complete
  expires_at ${d.bigint} NOT NULL,       -- latest expiry of the URLs handed out
  stale_at ${d.bigint} NOT NULL,         -- pending: expires then; complete: unused until then
  job_id TEXT UNIQUE,                -- the one clip job this upload feeds
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL,
  completed_at ${d.bigint}
${d.tableEnd};
CREATE INDEX uploads_team ON uploads(team_id);
CREATE INDEX uploads_cleanup ON uploads(status, stale_at);

CREATE TABLE upload_parts (
  upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL,
  etag TEXT NOT NULL,
  size ${d.bigint} NOT NULL,
  received_at ${d.bigint} NOT NULL,
  PRIMARY KEY (upload_id, part_number)
${d.tableEnd};
`,
};
