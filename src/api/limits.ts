// The spec's numbers, in one place, each beside the section of shared/spec/clip-service-v1.md
// (or DESIGN.md) it comes from. The daemon enforces them, the client and the CLI respect them.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** "Limits" > "Request rate" and "Status-check limits (on top of the 60 per minute)". */
export const RATE_LIMITS = {
  /** "Fixed window of one minute: 60 requests per root team". */
  requestsPerMinute: 60,
  windowMs: MINUTE_MS,
  /** "Checks of the same job, render or post | 6 per minute". */
  statusChecksPerResource: 6,
  /** "All status checks of the team | 30 per minute". */
  statusChecksPerTeam: 30,
  /** "Status checks for ids that do not exist (404) | 20 per hour". */
  notFoundPerHour: 20,
  notFoundWindowMs: HOUR_MS,
} as const;

/** Checks of one id spaced so they stay within "6 per minute" (the pollers' default: 10 s). */
export const STATUS_CHECK_INTERVAL_MS = RATE_LIMITS.windowMs / RATE_LIMITS.statusChecksPerResource;

/** "Limits" > "Sizes, times and counts", upload rows, and DESIGN.md's upload choices. */
export const UPLOAD_LIMITS = {
  /** "Multipart upload `size_bytes` | at most 10,000,000,000". */
  maxSizeBytes: 10_000_000_000,
  /** "Single PUT upload | up to 5 GB". */
  maxSinglePutBytes: 5_000_000_000,
  /** "Parts per multipart upload | at most 100". */
  maxParts: 100,
  /** "`part_numbers` per re-sign call | up to 100". */
  maxResignParts: 100,
  /** "Single PUT URL validity | 1 hour". */
  singleUrlTtlMs: HOUR_MS,
  /** "Multipart part URL validity | 4 hours". */
  partUrlTtlMs: 4 * HOUR_MS,
  /** DESIGN.md (our choice): a pending multipart upload expires a day after its last part PUT or re-sign. */
  pendingIdleMs: 24 * HOUR_MS,
  /** DESIGN.md (our choice): a complete upload no job has used is removed by the first cleanup a day on. */
  unusedKeepMs: 24 * HOUR_MS,
  /** DESIGN.md: part size is at least 5 MiB (setting `uploads.min_part_size` lowers it for tests). */
  minPartSize: 5 * 1024 * 1024,
} as const;

/** "Sizes, times and counts": "File behind `source.url` | up to 8 GB" (GB as the spec counts: 10^9). */
export const MAX_SOURCE_BYTES = 8_000_000_000;

/** "Sizes, times and counts": "`preview_url` and `output_url` validity | 1 hour". */
export const MEDIA_URL_TTL_MS = HOUR_MS;

/** "Sizes, times and counts": "`scheduled_at` | at least 5 minutes in the future". */
export const MIN_SCHEDULE_LEAD_MS = 5 * MINUTE_MS;

/** "Sizes, times and counts": "Long-video `title` | at most 100 characters". */
export const TITLE_MAX = 100;

/** "Sizes, times and counts": "Webhook acknowledgement | within 30 seconds". */
export const WEBHOOK_ACK_MS = 30_000;

/** "Sizes, times and counts": "Webhook retries | at most 5" (so at most 6 attempts in all). */
export const WEBHOOK_MAX_RETRIES = 5;

/** "POST /v1/clips": `target_duration` in seconds (DESIGN.md: a short-form clip, 5 s to 10 minutes). */
export const TARGET_DURATION_MIN = 5;
export const TARGET_DURATION_MAX = 600;

/** DESIGN.md PATCH /v1/clips/:clipId: a clip is "3 to 600 s long, inside the video". */
export const CLIP_DURATION_MIN = 3;
export const CLIP_DURATION_MAX = 600;
