// The post contract (spec "Post", "PUT /v1/posts/:postId", "POST /v1/posts/:postId/publish"),
// written once: its settings, limits, request schemas and wire type. The daemon validates with the
// schemas and answers with the type; the CLI and the client type from them.
import { z } from 'zod';
import { PLATFORMS, type Platform } from './events.js';
import { MIN_SCHEDULE_LEAD_MS, TITLE_MAX } from './limits.js';
import { lookFields } from './renders.js';

export { MIN_SCHEDULE_LEAD_MS, TITLE_MAX };

/** Spec "Post", `status`. */
export const POST_STATUSES = ['draft', 'scheduled', 'queued', 'processing', 'uploading', 'published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * Caption limits per platform in characters (the spec leaves them "not shown"; issue 15, item 4:
 * "long-video title 100, description 5,000; short-video caption 2,200; photo-sharing 2,200 with at
 * most 30 hashtags; professional-network 3,000").
 */
export const CAPTION_LIMITS: Record<Platform, number> = {
  long_video: 5000,
  short_video: 2200,
  photo_sharing: 2200,
  professional_network: 3000,
};

/**
 * Most hashtags a caption may carry (issue 15, item 4: photo-sharing "at most 30 hashtags"; the
 * long-video platform ignores every hashtag of a description that has more than 15).
 */
export const HASHTAG_LIMITS: Partial<Record<Platform, number>> = { photo_sharing: 30, long_video: 15 };

/**
 * The hashtags of a caption, as written (`#PricingStrategy`): a `#` after a space or at the start,
 * then letters, digits and underscores. Every platform reads this form in a caption; the
 * professional network's API wants each one as `{hashtag|\#|Tag}`, its connector converts it.
 */
export function hashtagsIn(caption: string): string[] {
  return [...caption.matchAll(/(?<=^|\s)#([\p{L}\p{N}_]+)/gu)].map((m) => `#${m[1]}`);
}

/** Characters as the platforms count them (code points, so an emoji is one). */
export const captionLength = (s: string) => [...s].length;

/** What is wrong with a caption on a platform (its length, its hashtags), or undefined. */
export function captionProblem(platform: Platform, caption: string): string | undefined {
  const limit = CAPTION_LIMITS[platform];
  if (captionLength(caption) > limit) return `caption is at most ${limit} characters on ${platform} (got ${captionLength(caption)})`;
  const tags = HASHTAG_LIMITS[platform];
  const count = hashtagsIn(caption).length;
  if (tags !== undefined && count > tags) return `caption has at most ${tags} hashtags on ${platform} (got ${count})`;
  return undefined;
}

export const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;

export const shortVideoSettingsSchema = z.strictObject({
  privacy_level: z.enum(PRIVACY_LEVELS, { message: `privacy_level must be one of ${PRIVACY_LEVELS.join(', ')}` }).optional(),
  disable_comment: z.boolean({ message: 'disable_comment must be a boolean' }).optional(),
  disable_duet: z.boolean({ message: 'disable_duet must be a boolean' }).optional(),
  disable_stitch: z.boolean({ message: 'disable_stitch must be a boolean' }).optional(),
  brand_content_toggle: z.boolean({ message: 'brand_content_toggle must be a boolean' }).optional(),
  brand_organic_toggle: z.boolean({ message: 'brand_organic_toggle must be a boolean' }).optional(),
});
export type ShortVideoSettings = Required<z.infer<typeof shortVideoSettingsSchema>>;

export const longVideoSettingsSchema = z.strictObject({
  category_id: z.string({ message: 'category_id must be a string of digits' }).regex(/^\d{1,10}$/, 'category_id must be a string of digits').optional(),
});
export type LongVideoSettings = Required<z.infer<typeof longVideoSettingsSchema>>;

/** Defaults of a new draft: public, every toggle off; category 22 ("People & Blogs"-style). */
export const DEFAULT_SHORT_VIDEO: ShortVideoSettings = {
  privacy_level: 'PUBLIC_TO_EVERYONE',
  disable_comment: false,
  disable_duet: false,
  disable_stitch: false,
  brand_content_toggle: false,
  brand_organic_toggle: false,
};
export const DEFAULT_LONG_VIDEO: LongVideoSettings = { category_id: '22' };

/** Which settings object a platform's post carries (spec: only its own platform's). */
export const SETTINGS_KEY: Partial<Record<Platform, 'short_video' | 'long_video'>> = {
  short_video: 'short_video',
  long_video: 'long_video',
};

/** Spec "PUT /v1/posts/:postId": edits a draft; settings objects are "partial settings merged over the existing draft". */
export const updatePostSchema = z.strictObject({
  caption: z.string({ message: 'caption must be a string' }).optional(),
  title: z.string({ message: 'title must be a string' }).trim().min(1, 'title must not be empty').max(TITLE_MAX, `title is at most ${TITLE_MAX} characters`).optional(),
  short_video: shortVideoSettingsSchema.optional(),
  long_video: longVideoSettingsSchema.optional(),
  // Extension (issue 17): the publish render's layout and caption style.
  ...lookFields,
});
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

/**
 * DESIGN.md "Second round": POST /v1/clips/:clipId/posts `{platform}` -> 201 `{post}`, a new draft
 * for a connected platform (a clip made before the platform was connected, or a fresh start
 * after a cancel); 400 with no active connection.
 */
export const createPostSchema = z.strictObject({
  platform: z.enum(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` }),
});
export type CreatePostInput = z.infer<typeof createPostSchema>;

/**
 * Spec "POST /v1/posts/:postId/publish": `scheduled_at` "Omitted means publish immediately".
 * Extension: the look fields of PUT /v1/posts/:postId, set on the draft in the same transaction
 * as the publish, so a refused publish changes nothing (`clipper posts publish --aspect ...`).
 */
export const publishPostSchema = z.strictObject({
  scheduled_at: z.number({ message: 'scheduled_at must be a Unix-ms number' }).int('scheduled_at must be whole milliseconds').nullable().optional(),
  ...lookFields,
});
export type PublishPostInput = z.infer<typeof publishPostSchema>;

/**
 * The post as the API shows it (spec "Post": "single-post responses wrap it under the key
 * `post`"; GET /v1/clips/:clipId/posts answers `{posts: [post, ...]}`). A zod schema so the
 * OpenAPI document is generated from it (issue 18); the type is inferred.
 */
export const postSchema = z.object({
  id: z.string(),
  clip_id: z.string(),
  platform: z.enum(PLATFORMS),
  status: z.enum(POST_STATUSES),
  caption: z.string().describe('Long-video description, or the caption on the other platforms'),
  title: z.string().optional().describe('Long-video platform only'),
  scheduled_at: z.number().int().optional().describe('Unix-ms; present when status is `scheduled`'),
  published_at: z.number().int().optional().describe('Unix-ms; present when status is `published`'),
  published_url: z.string().optional().describe('Present when status is `published`'),
  error: z.string().optional().describe('Present when status is `failed`'),
  short_video: shortVideoSettingsSchema.required().optional(),
  long_video: longVideoSettingsSchema.required().optional(),
  /** Extension (issue 17): present when chosen for this post's render. */
  ...lookFields,
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;
export const postEnvelopeSchema = z.object({ post: postSchema });
export const postListSchema = z.object({ posts: z.array(postSchema) });
