import type { Migration } from './index.js';

export const m007: Migration = {
  version: 7,
  name: 'clip framings; layout and caption style of renders and posts',
  sql: (d) => `
-- Issue 17: "The same framing drives previews and renders, computed once per clip and stored."
-- One row per clip: the FramingPlan (daemon/pipeline/framing/types.ts) as JSON, for the span it
-- was computed on (a clip whose start or end changed needs a new one).
CREATE TABLE clip_framings (
  clip_id TEXT PRIMARY KEY REFERENCES clips(id) ON DELETE CASCADE,
  start ${d.real} NOT NULL,
  "end" ${d.real} NOT NULL,
  layout TEXT NOT NULL CHECK (layout IN ('fill','fit','split')),  -- the layout the analysis chose
  plan TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL
${d.tableEnd};

-- Issue 17, items 2 and 3: extension fields chosen per render or post (NULL: the automatic
-- layout and the default caption style).
ALTER TABLE renders ADD COLUMN layout TEXT CHECK (layout IN ('fill','fit','split'));
ALTER TABLE renders ADD COLUMN caption_style TEXT;
ALTER TABLE posts ADD COLUMN layout TEXT CHECK (layout IN ('fill','fit','split'));
ALTER TABLE posts ADD COLUMN caption_style TEXT;
`,
};
