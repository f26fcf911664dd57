import type { Migration } from './index.js';

export const m001: Migration = {
  version: 1,
  name: 'foundation: teams, api keys, webhooks, platform connections, event log',
  sql: (d) => `
CREATE TABLE teams (
  ${d.rowid}
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  preferred_language TEXT NOT NULL DEFAULT 'en',
  render_minutes_allowance INTEGER NOT NULL DEFAULT 600,
  created_at ${d.bigint} NOT NULL
${d.tableEnd};

CREATE TABLE api_keys (
  ${d.rowid}
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  salt TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  last_used_at ${d.bigint},
  revoked_at ${d.bigint}
${d.tableEnd};
CREATE INDEX api_keys_team ON api_keys(team_id);

CREATE TABLE webhooks (
  ${d.rowid}
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  events TEXT NOT NULL,            -- JSON array of event types, or ["*"]
  secret TEXT NOT NULL,            -- kept to sign deliveries (HMAC needs the secret itself)
  legacy_signature INTEGER NOT NULL DEFAULT 1,
  description TEXT,
  created_at ${d.bigint} NOT NULL,
  deleted_at ${d.bigint}
${d.tableEnd};
CREATE INDEX webhooks_team ON webhooks(team_id);

CREATE TABLE platform_connections (
  ${d.rowid}
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  platform TEXT NOT NULL CHECK (platform IN ('long_video','short_video','photo_sharing','professional_network')),
  id TEXT NOT NULL UNIQUE,
  connector TEXT NOT NULL,
  account_name TEXT NOT NULL,
  settings TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'active',
  created_at ${d.bigint} NOT NULL,
  PRIMARY KEY (team_id, platform)
${d.tableEnd};

-- The durable event log: written in the same transaction as the state change that caused the
-- event; delivery workers read it forward by seq.
CREATE TABLE events (
  seq ${d.serial},
  id TEXT NOT NULL UNIQUE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  created ${d.bigint} NOT NULL,
  data TEXT NOT NULL
${d.tableEnd};
CREATE INDEX events_team_type ON events(team_id, type);
`,
};
