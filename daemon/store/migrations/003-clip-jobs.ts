import type { Migration } from './index.js';

export const m003: Migration = {
  version: 3,
  name: 'clip jobs, clips, stage results and the durable task queue',
  sql: (d) => `
CREATE TABLE clip_jobs (
  ${d.rowid}
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  asset_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('queued','processing','done','error')),
  source_type TEXT NOT NULL CHECK (source_type IN ('url','upload','platform')),
  source_url TEXT,
  upload_id TEXT UNIQUE,             -- each upload feeds exactly one clip job
  criteria TEXT,
  target_duration ${d.real},
  language TEXT NOT NULL,
  folder_name TEXT NOT NULL,
  media_key TEXT,                    -- object key of the ingested source
  progress ${d.real} NOT NULL DEFAULT 0,
  error TEXT,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
${d.tableEnd};
CREATE INDEX clip_jobs_team ON clip_jobs(team_id);

-- Each pipeline stage writes its result here before the next starts (resume after a crash).
CREATE TABLE job_stages (
  job_id TEXT NOT NULL REFERENCES clip_jobs(id) ON DELETE CASCADE,
  stage TEXT NOT NULL,
  result TEXT NOT NULL,
  finished_at ${d.bigint} NOT NULL,
  PRIMARY KEY (job_id, stage)
${d.tableEnd};

CREATE TABLE clips (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES clip_jobs(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  rank INTEGER NOT NULL,
  start ${d.real} NOT NULL,
  "end" ${d.real} NOT NULL,
  title TEXT NOT NULL,
  score ${d.real} NOT NULL,
  score_breakdown TEXT NOT NULL,     -- JSON ScoreBreakdown
  reason TEXT NOT NULL,
  transcript TEXT NOT NULL,
  words TEXT NOT NULL DEFAULT '[]',  -- JSON Word[] inside the clip, absolute times (captions)
  preview_key TEXT,                  -- object key once the preview is ready
  preview_ready_at ${d.bigint},
  created_at ${d.bigint} NOT NULL,
  UNIQUE (job_id, rank)${d.deferrable}
${d.tableEnd};
CREATE INDEX clips_team ON clips(team_id);

-- The durable task queue shared by clip jobs, renders and publishing.
CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','running','done','failed','cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  run_at ${d.bigint} NOT NULL,
  lease_owner TEXT,
  lease_expires_at ${d.bigint},
  last_error TEXT,
  payload TEXT NOT NULL DEFAULT '{}',
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
${d.tableEnd};
CREATE INDEX tasks_due ON tasks(status, run_at);
CREATE UNIQUE INDEX tasks_one_active ON tasks(kind, resource_id) WHERE status IN ('pending','running');
`,
};
