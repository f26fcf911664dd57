import type { Migration } from './index.js';

/**
 * The webhook outbox (issue 6). The fan-out worker reads the event log forward by `seq` and, in
 * the same transaction that moves its cursor, inserts one delivery per subscribed registration:
 * a crash either keeps both or neither, so no event is skipped and none fans out twice
 * (UNIQUE(webhook_id, event_seq) guards the rest).
 *
 * `webhooks.from_seq` is the last event seq that existed when the registration was made: a
 * registration only receives events after it (spec "Events": registrations made later do not
 * get earlier events, even when the fan-out worker lags).
 */
export const m005: Migration = {
  version: 5,
  name: 'webhook outbox: deliveries, fan-out cursor, registration start seq',
  sql: (d) => `
ALTER TABLE webhooks ADD COLUMN from_seq ${d.bigint} NOT NULL DEFAULT 0;
UPDATE webhooks SET from_seq = (SELECT COALESCE(MAX(seq), 0) FROM events WHERE events.created < webhooks.created_at);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL,
  event_seq ${d.bigint} NOT NULL REFERENCES events(seq) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  -- pending: waiting for next_attempt_at; delivering: leased by a worker (lease_owner) until
  -- lease_until, after which any worker may take it again (at-least-once across kill -9);
  -- delivered: a 2xx came back; failed: retries exhausted or refused for good (kept for
  -- inspection); cancelled: its registration was deleted before it was delivered.
  status TEXT NOT NULL CHECK (status IN ('pending','delivering','delivered','failed','cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${d.bigint} NOT NULL,
  lease_owner TEXT,
  lease_until ${d.bigint},
  last_status_code INTEGER,
  last_error TEXT,
  last_attempt_at ${d.bigint},
  delivered_at ${d.bigint},
  created_at ${d.bigint} NOT NULL,
  UNIQUE (webhook_id, event_seq)
${d.tableEnd};
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries(webhook_id, event_seq);

-- How far the fan-out worker has read the event log.
CREATE TABLE webhook_fanout_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_seq ${d.bigint} NOT NULL
${d.tableEnd};
INSERT INTO webhook_fanout_cursor (id, last_seq) VALUES (1, 0);
`,
};
