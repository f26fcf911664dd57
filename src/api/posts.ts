// The post contract (spec "Post", "PUT /v1/posts/:postId", "POST /v1/posts/:postId/publish"),
// written once: its settings, limits, request schemas and wire type. The daemon validates with the
// schemas and answers with the type; the CLI and the client type from them.
import { z } from 'zod';
import type { Platform } from './events.js';
import { MIN_SCHEDULE_LEAD_MS, TITLE_MAX } from './limits.js';
import { lookFields, type CaptionStyle, type Layout } from './renders.js';

export { MIN_SCHEDULE_LEAD_MS, TITLE_MAX };

/** Spec "Post", `status`. */
export const POST_STATUSES = ['draft', 'scheduled', 'queued', 'processing', 'uploading', 'published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Caption limits per platform (the spec leaves them "not shown"; these are the issue's). */
export const CAPTION_LIMITS: Record<Platform, number> = {
  long_video: 5000,
  short_video: 2200,
  photo_sharing: 2200,
  professional_network: 3000,
};

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

/** Spec "POST /v1/posts/:postId/publish": `scheduled_at` "Omitted means publish immediately". */
export const publishPostSchema = z.strictObject({
  scheduled_at: z.number({ message: 'scheduled_at must be a Unix-ms number' }).int('scheduled_at must be whole milliseconds').nullable().optional(),
});
export type PublishPostInput = z.infer<typeof publishPostSchema>;

/**
 * The post as the API shows it (spec "Post": "single-post responses wrap it under the key
 * `post`"; GET /v1/clips/:clipId/posts answers `{posts: [post, ...]}`).
 */
export interface Post {
  id: string;
  clip_id: string;
  platform: Platform;
  status: PostStatus;
  caption: string;
  title?: string;
  scheduled_at?: number;
  published_at?: number;
  published_url?: string;
  error?: string;
  short_video?: ShortVideoSettings;
  long_video?: LongVideoSettings;
  /** Extension (issue 17): present when chosen for this post's render. */
  layout?: Layout;
  caption_style?: CaptionStyle;
  created_at: number;
  updated_at: number;
}
