// The Post resource's settings, limits and request schemas (spec "Post", PUT /v1/posts/:postId,
// POST /v1/posts/:postId/publish). The daemon validates with them; the CLI and client type from them.
import { z } from 'zod';
import type { Platform } from './events.js';

export const POST_STATUSES = ['draft', 'scheduled', 'queued', 'processing', 'uploading', 'published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Caption limits per platform (the spec leaves them "not shown"; these are the issue's). */
export const CAPTION_LIMITS: Record<Platform, number> = {
  long_video: 5000,
  short_video: 2200,
  photo_sharing: 2200,
  professional_network: 3000,
};
/** Spec "Sizes, times and counts": long-video title at most 100 characters. */
export const TITLE_MAX = 100;
/** Spec "Sizes, times and counts": scheduled_at at least 5 minutes in the future. */
export const MIN_SCHEDULE_LEAD_MS = 5 * 60_000;

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

export const updatePostSchema = z.strictObject({
  caption: z.string({ message: 'caption must be a string' }).optional(),
  title: z.string({ message: 'title must be a string' }).trim().min(1, 'title must not be empty').max(TITLE_MAX, `title is at most ${TITLE_MAX} characters`).optional(),
  short_video: shortVideoSettingsSchema.optional(),
  long_video: longVideoSettingsSchema.optional(),
});
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

/**
 * Bodies of POST /v1/clips/:clipId/renders (spec: "Request body: empty") and of the cancel
 * endpoint (DESIGN.md: no body): nothing, or `{}`. A field is refused like an unknown field
 * anywhere else, so a caller never believes an option it sent was applied.
 */
export const emptyBodySchema = z.strictObject(
  {},
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `this endpoint takes no body fields (got ${iss.keys.join(', ')})` : 'the body must be empty or {}') },
);

export const publishPostSchema = z.strictObject({
  scheduled_at: z.number({ message: 'scheduled_at must be a Unix-ms number' }).int('scheduled_at must be whole milliseconds').nullable().optional(),
});
export type PublishPostInput = z.infer<typeof publishPostSchema>;

/** The post as the API shows it (spec "Post"). */
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
  created_at: number;
  updated_at: number;
}

export const RENDER_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** GET /v1/renders/:id (DESIGN.md). */
export interface Render {
  render_id: string;
  clip_id: string;
  status: RenderStatus;
  created_at: number;
  progress: number;
  output_url?: string;
  error?: string;
}
