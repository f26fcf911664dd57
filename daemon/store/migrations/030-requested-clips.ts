import type { Migration } from './index.js';

/**
 * The clips a job's caller asked for (issue 30, item 1: the `clip_count` extension field of
 * POST /v1/clips); NULL for the count by the video's length. Numbered 30 after the issue.
 */
export const m030: Migration = {
  version: 30,
  name: 'requested clips',
  sql: () => 'ALTER TABLE clip_jobs ADD COLUMN requested_clips INTEGER;',
};
