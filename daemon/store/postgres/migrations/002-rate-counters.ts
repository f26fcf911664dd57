import type { PgMigration } from './index.js';

// SQLite's migration 021 (rate counters, issue 21 item 3). UNLOGGED: counters of a minute or an
// hour need no crash safety (a crash loses at most the current window's counts), and skipping
// the write-ahead log makes the one upsert per request cheaper.
export const p002: PgMigration = {
  version: 2,
  name: 'rate counters (SQLite 021)',
  sql: `
CREATE UNLOGGED TABLE rate_counters (
  key TEXT NOT NULL,
  window_start BIGINT NOT NULL,
  window_end BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_counters_end ON rate_counters(window_end);
`,
};
