import type { PgMigration } from './index.js';

// SQLite's migration 029 (issue 29, items 4 and 5): numbered alike so parallel work does not collide.
export const p029: PgMigration = {
  version: 29,
  name: 'aspect ratio and filler/silence cuts of renders and posts (SQLite 029)',
  sql: `
ALTER TABLE renders ADD COLUMN aspect TEXT CHECK (aspect IN ('9:16','1:1','4:5','16:9'));
ALTER TABLE renders ADD COLUMN remove_fillers INTEGER;
ALTER TABLE renders ADD COLUMN remove_silences INTEGER;
ALTER TABLE renders ADD COLUMN keep_spans TEXT;
ALTER TABLE renders ADD COLUMN duration DOUBLE PRECISION;
ALTER TABLE posts ADD COLUMN aspect TEXT CHECK (aspect IN ('9:16','1:1','4:5','16:9'));
ALTER TABLE posts ADD COLUMN remove_fillers INTEGER;
ALTER TABLE posts ADD COLUMN remove_silences INTEGER;
ALTER TABLE posts ADD COLUMN keep_spans TEXT;
`,
};
