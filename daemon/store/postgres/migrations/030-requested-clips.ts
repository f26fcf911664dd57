import type { PgMigration } from './index.js';

// SQLite's migration 030 (issue 30, item 1: a job's `clip_count`). Numbered like it, so
// migrations that other issues add in between keep their own numbers.
export const p030: PgMigration = {
  version: 30,
  name: 'requested clips (SQLite 030)',
  sql: 'ALTER TABLE clip_jobs ADD COLUMN requested_clips INTEGER;',
};
