import type { Migration } from './index.js';

export const m006: Migration = {
  version: 6,
  name: 'platform credentials (encrypted), connection status reasons, pending OAuth authorizations',
  sql: (d) => `
-- Issue 15: a connection's OAuth tokens and app secret, sealed with AES-256-GCM by the daemon
-- (daemon/identity/secret-box.ts; the key is in DATA_DIR/identity, never in this file). The
-- expiry is kept in the clear so a refresh can be planned without opening the secret.
ALTER TABLE platform_connections ADD COLUMN credentials TEXT;
ALTER TABLE platform_connections ADD COLUMN token_expires_at ${d.bigint};
-- Why the connection is not active (status 'needs_reauth': a revoked or expired grant).
ALTER TABLE platform_connections ADD COLUMN status_reason TEXT;

-- An OAuth 2.0 authorization in progress: made by POST /v1/platforms/authorize, used once by
-- POST /v1/platforms with the code the platform sent to the redirect. The PKCE verifier and the
-- app's secret are sealed like the credentials.
CREATE TABLE oauth_authorizations (
  state TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  platform TEXT NOT NULL,
  connector TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  settings TEXT NOT NULL DEFAULT '{}',
  secrets TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  expires_at ${d.bigint} NOT NULL
${d.tableEnd};
CREATE INDEX oauth_authorizations_expiry ON oauth_authorizations(expires_at);
`,
};
