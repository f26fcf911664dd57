import type { Migration } from './index.js';

export const m029: Migration = {
  version: 29,
  name: 'aspect ratio and filler/silence cuts of renders and posts',
  sql: (d) => `
-- Issue 29, items 4 and 5 (DESIGN.md "Third round"): chosen per render or post. NULL: 9:16, no
-- cuts. remove_* are 0/1; keep_spans is the JSON list of {start, end} source spans a person
-- restored. A render's duration is its output's length (the cut one), set when it is queued.
ALTER TABLE renders ADD COLUMN aspect TEXT CHECK (aspect IN ('9:16','1:1','4:5','16:9'));
ALTER TABLE renders ADD COLUMN remove_fillers INTEGER;
ALTER TABLE renders ADD COLUMN remove_silences INTEGER;
ALTER TABLE renders ADD COLUMN keep_spans TEXT;
ALTER TABLE renders ADD COLUMN duration ${d.real};
ALTER TABLE posts ADD COLUMN aspect TEXT CHECK (aspect IN ('9:16','1:1','4:5','16:9'));
ALTER TABLE posts ADD COLUMN remove_fillers INTEGER;
ALTER TABLE posts ADD COLUMN remove_silences INTEGER;
ALTER TABLE posts ADD COLUMN keep_spans TEXT;
`,
};
