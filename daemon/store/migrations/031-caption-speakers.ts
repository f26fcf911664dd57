import type { Migration } from './index.js';

/**
 * Issue 30, item 3 ("captions can show who speaks (a style option)"): the `caption_speakers`
 * extension field of renders and posts, 0/1; NULL is off (the default). Numbered 31.
 */
export const m031: Migration = {
  version: 31,
  name: 'speaker-marked captions of renders and posts',
  sql: () => `
ALTER TABLE renders ADD COLUMN caption_speakers INTEGER;
ALTER TABLE posts ADD COLUMN caption_speakers INTEGER;
`,
};
