import type { Post } from '../../../src/api/posts.js';
import { SETTINGS_KEY } from '../../../src/api/posts.js';
import type { PostRow } from '../../store/posts.js';
import { lookView } from '../renders/look.js';

/**
 * The API shape of a post (spec "Post"): optional fields appear only in the states the spec
 * gives them, and a post carries only its own platform's settings object.
 */
export function postView(row: PostRow): Post {
  const post = { id: row.id, clip_id: row.clip_id, platform: row.platform, status: row.status, caption: row.caption } as Post;
  if (row.platform === 'long_video') post.title = row.title ?? '';
  if (row.status === 'scheduled' && row.scheduled_at !== null) post.scheduled_at = row.scheduled_at;
  if (row.status === 'published') {
    if (row.published_at !== null) post.published_at = row.published_at;
    if (row.published_url !== null) post.published_url = row.published_url;
  }
  if (row.status === 'failed' && row.error !== null) post.error = row.error;
  const key = SETTINGS_KEY[row.platform];
  if (key && row.settings) (post as unknown as Record<string, unknown>)[key] = JSON.parse(row.settings);
  Object.assign(post, lookView(row));
  post.created_at = row.created_at;
  post.updated_at = row.updated_at;
  return post;
}
