import { hashtagsIn } from '../../../../../src/api/posts.js';

/** Characters LinkedIn's "little text format" reserves; each is escaped with a backslash. */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/**
 * A caption as the Posts API's `commentary` (Little Text Format): reserved characters escaped,
 * and each hashtag (`#Pricing`, the drafts' form) written as the template `{hashtag|\#|Pricing}`
 * so LinkedIn links it.
 */
export function commentary(caption: string): string {
  const tags = new Set(hashtagsIn(caption));
  return caption
    .split(/((?<=^|\s)#[\p{L}\p{N}_]+)/u)
    .map((part) => (tags.has(part) ? `{hashtag|\\#|${part.slice(1).replace(RESERVED, (c) => `\\${c}`)}}` : part.replace(RESERVED, (c) => `\\${c}`)))
    .join('');
}
