import type { Migration } from './index.js';

export const m004: Migration = {
  version: 4,
  name: 'full renders, render-minute usage, posts and publish attempts',
  sql: (d) => `
-- One row per clip that has been rendered (spec "Render": render_id equals the clip id, at most
-- one active full render per clip). A re-trigger bumps generation; the output of an older
-- generation is discarded, so re-triggering replaces the previous output.
CREATE TABLE renders (
  clip_id TEXT PRIMARY KEY REFERENCES clips(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('queued','processing','done','failed')),
  generation INTEGER NOT NULL DEFAULT 1,
  progress ${d.real} NOT NULL DEFAULT 0,
  output_key TEXT,                   -- object key of the finished MP4 of the current generation
  error TEXT,
  created_at ${d.bigint} NOT NULL,       -- time of the latest trigger
  updated_at ${d.bigint} NOT NULL
${d.tableEnd};
CREATE INDEX renders_team ON renders(team_id);

-- The render-minute ledger (DESIGN.md "Render minutes"): one row per accepted render, charged
-- against the calendar month (UTC) it was triggered in; refunded when it fails or is replaced
-- before it finished.
CREATE TABLE render_usage (
  id ${d.serial},
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  clip_id TEXT NOT NULL,
  generation INTEGER NOT NULL,
  month TEXT NOT NULL,               -- 'YYYY-MM' in UTC
  minutes INTEGER NOT NULL CHECK (minutes >= 0),
  created_at ${d.bigint} NOT NULL,
  refunded_at ${d.bigint},
  UNIQUE (clip_id, generation)
${d.tableEnd};
CREATE INDEX render_usage_month ON render_usage(team_id, month);

CREATE TABLE posts (
  ${d.rowid}
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  clip_id TEXT NOT NULL REFERENCES clips(id) ON DELETE CASCADE,
  platform TEXT NOT NULL CHECK (platform IN ('long_video','short_video','photo_sharing','professional_network')),
  status TEXT NOT NULL CHECK (status IN ('draft','scheduled','queued','processing','uploading','published','failed','cancelled')),
  caption TEXT NOT NULL,
  title TEXT,                        -- long_video only
  settings TEXT,                     -- JSON of the platform's own settings object, or NULL
  scheduled_at ${d.bigint},
  published_at ${d.bigint},
  published_url TEXT,
  error TEXT,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
${d.tableEnd};
CREATE INDEX posts_clip ON posts(clip_id);
CREATE INDEX posts_due ON posts(status, scheduled_at);

-- Idempotency of publishing: an attempt row is written before the connector is called and its
-- result after, so a crash in between is resumed (never repeated) on the next start.
CREATE TABLE publish_attempts (
  ${d.rowid}
  id TEXT PRIMARY KEY,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  connector TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('started','succeeded','failed')),
  resume_state TEXT,                 -- connector state saved mid-upload (a resumable session)
  external_id TEXT,
  published_url TEXT,
  error TEXT,
  started_at ${d.bigint} NOT NULL,
  finished_at ${d.bigint}
${d.tableEnd};
CREATE INDEX publish_attempts_post ON publish_attempts(post_id);
`,
};
