import type { Migration } from './index.js';

/**
 * Shared request counters (issue 21, item 3: "the spec's rate limits count per root team across
 * all API processes"; spec "Request rate": "Fixed window of one minute: 60 requests per root
 * team, whatever the authentication method or number of machines"). One row per key and fixed
 * window; `window_end` lets old windows be purged. The local daemon (one process) counts in
 * memory and leaves this table empty; PostgreSQL deployments count here (rate-counters.ts).
 * Numbered 21 after the issue.
 */
export const m021: Migration = {
  version: 21,
  name: 'rate counters',
  sql: (d) => `
CREATE ${d.unlogged}TABLE rate_counters (
  key TEXT NOT NULL,
  window_start ${d.bigint} NOT NULL,
  window_end ${d.bigint} NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
${d.tableEnd};
CREATE INDEX rate_counters_end ON rate_counters(window_end);
`,
};
