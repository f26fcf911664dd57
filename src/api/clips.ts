// The clip job contract (spec "Clip job", "Clip", "POST /v1/clips", "GET /v1/clips/:jobId"),
// written once: the daemon validates with the schema, the client types its calls with it.
import { z } from 'zod';
import { isIso6391 } from './languages.js';
import { TARGET_DURATION_MAX, TARGET_DURATION_MIN } from './limits.js';
import { listQuerySchema } from './lists.js';

export { TARGET_DURATION_MAX, TARGET_DURATION_MIN };
export const CRITERIA_MAX_CHARS = 1000;
export const DEFAULT_CRITERIA = 'general highlights';
export const JOB_STATUSES = ['queued', 'processing', 'done', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Largest `source.cookies` (characters): a video platform's cookies are a few kilobytes; a whole browser's export is not wanted. */
export const COOKIES_MAX_CHARS = 200_000;

/**
 * A cookies file in the Netscape format yt-dlp reads (`--cookies`): comment lines (`#`, except
 * `#HttpOnly_` cookie lines), blank lines, and at least one cookie line of 7 tab-separated fields.
 */
export function isNetscapeCookies(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && (!l.startsWith('#') || l.startsWith('#HttpOnly_')));
  return lines.length > 0 && lines.every((l) => l.split('\t').length === 7);
}

const sourceSchema = z
  .strictObject({
    url: z.string({ message: 'source.url must be a string' }).trim().min(1, 'source.url must not be empty').max(4096, 'source.url is at most 4096 characters').optional(),
    upload_id: z.string({ message: 'source.upload_id must be a string' }).trim().min(1, 'source.upload_id must not be empty').max(200).optional(),
    // Extension (DESIGN.md, third round; issue 30, item 4): `clipper clips create URL --cookies FILE`.
    cookies: z
      .string({ message: 'source.cookies must be the text of a cookies file (Netscape format)' })
      .max(COOKIES_MAX_CHARS, `source.cookies is at most ${COOKIES_MAX_CHARS} characters: export only the video platform's cookies`)
      .refine(isNetscapeCookies, 'source.cookies must be the text of a cookies file in the Netscape format (lines of 7 tab-separated fields), as browser cookie exporters and yt-dlp write it')
      .optional()
      .describe('Extension: the text of a cookies file (Netscape format) of a signed-in browser session, handed to yt-dlp for a video-platform link that needs one (age check, members only, bot check). Only with a video-platform source.url; kept only until the download and never shown'),
  }, { message: 'source must be an object with url or upload_id' })
  // Spec: "Exactly one of source.url and source.upload_id must be given."
  .refine((s) => (s.url === undefined) !== (s.upload_id === undefined), { message: 'give exactly one of source.url and source.upload_id' })
  .refine((s) => s.cookies === undefined || s.url !== undefined, { message: 'source.cookies goes with a video-platform link in source.url, not with an upload', path: ['cookies'] });

/** Most clips a job may ask for (spec: at most 30 clips a job). */
export const CLIP_COUNT_MAX = 30;

export const createClipJobSchema = z.strictObject({
  source: sourceSchema,
  criteria: z.string({ message: 'criteria must be a string' }).trim().max(CRITERIA_MAX_CHARS, `criteria is at most ${CRITERIA_MAX_CHARS} characters`).optional(),
  target_duration: z
    .number({ message: 'target_duration must be a number of seconds' })
    .refine((n) => Number.isFinite(n) && n > 0, 'target_duration must be a positive number of seconds')
    .refine((n) => n >= TARGET_DURATION_MIN && n <= TARGET_DURATION_MAX, `target_duration must be between ${TARGET_DURATION_MIN} and ${TARGET_DURATION_MAX} seconds`)
    .optional(),
  language: z
    .string({ message: 'language must be a string' })
    .trim()
    .transform((s) => s.toLowerCase())
    .refine(isIso6391, 'language must be an ISO 639-1 code such as "en" or "de"')
    .optional(),
  // Extension (DESIGN.md, third round; issue 30, item 1): how many clips the caller wants.
  clip_count: z
    .number({ message: `clip_count must be a whole number from 1 to ${CLIP_COUNT_MAX}` })
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= CLIP_COUNT_MAX, `clip_count must be a whole number from 1 to ${CLIP_COUNT_MAX}`)
    .optional()
    .describe(`Extension: how many clips to suggest, 1 to ${CLIP_COUNT_MAX}. Default: by the video's length (about one per two minutes), at least 3 for a video over a minute that has speech`),
});
export type CreateClipJobInput = z.input<typeof createClipJobSchema>;
export type CreateClipJobRequest = z.output<typeof createClipJobSchema>;

// Responses, as zod schemas so the OpenAPI document (src/api/openapi/) is generated from them
// (issue 18, item 1: "no second hand-written copy"); the wire types are inferred from them.

export const scoreBreakdownSchema = z.object({
  relevance: z.number().min(0).max(1),
  hook: z.number().min(0).max(1),
  energy: z.number().min(0).max(1),
  completeness: z.number().min(0).max(1),
});
export type ScoreBreakdownView = z.infer<typeof scoreBreakdownSchema>;

/** DESIGN.md, third round: what makes a moment worth posting, each 0 to 1 (`relevance` only with criteria). */
export const clipScoresSchema = z.object({
  hook: z.number().min(0).max(1).describe('The first seconds: a question, a claim, a number, a surprise'),
  payoff: z.number().min(0).max(1).describe('The end: a punchline, an answer, a conclusion'),
  self_contained: z.number().min(0).max(1).describe('A whole story or answer that needs nothing before it'),
  relevance: z.number().min(0).max(1).optional().describe('How well the clip matches `criteria`; only with criteria'),
});

/** A clip as the API shows it: the spec's fields plus DESIGN.md's extensions. */
export const clipSchema = z.object({
  id: z.string(),
  title: z.string(),
  duration: z.number().describe('Seconds, two decimal places'),
  score: z.number().min(0).max(1).describe('Composite score from 0 to 1'),
  preview_url: z.string().optional().describe('One-hour signed, low-resolution MP4; omitted while the preview is still rendering'),
  editor_url: z.string(),
  start: z.number().describe('Extension: seconds in the source'),
  end: z.number().describe('Extension: seconds in the source'),
  score_breakdown: scoreBreakdownSchema,
  scores: clipScoresSchema.optional().describe('Extension: sub-scores of what makes the moment worth posting, from the language model when one judged the clip, else from the heuristics'),
  reason: z.string(),
});
export type ClipView = z.infer<typeof clipSchema>;

/** The step a running job is on; `done`/`total` count its parts (chunks, sections, previews). */
export const jobStageSchema = z.object({
  name: z.enum(['queued', 'downloading', 'preparing', 'transcribing', 'finding_clips', 'rendering_previews']),
  done: z.number().int().optional(),
  total: z.number().int().optional(),
  /** Previews made so far, while an earlier step is still open (they overlap). */
  previews: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
  /** The sentence encoder fetched once for a request (bytes so far), while it downloads. */
  download: z.object({ model: z.string(), done: z.number().int(), total: z.number().int().optional() }).optional(),
});
export type JobStage = z.infer<typeof jobStageSchema>;

/** `no_speech_engine`: no transcript, so clips were found without words. */
export const jobWarningSchema = z.object({ code: z.string(), message: z.string() });
export type JobWarning = z.infer<typeof jobWarningSchema>;

export const clipJobSchema = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.number().int(),
  clips: z.array(clipSchema),
  error: z.string().optional().describe('Only when status is `error`'),
  /** Extensions: the folder the job is filed under, and progress 0..1. */
  folder_name: z.string(),
  progress: z.number().min(0).max(1),
  /**
   * Extension (issue 14): the speech engine and model, once transcription has started; issue 27,
   * item 10: `engines` lists each one in order when the job's chunks were transcribed by more
   * than one (the model it started with was removed while it ran).
   */
  transcription: z
    .object({
      engine: z.string(),
      model: z.string().optional(),
      engines: z.array(z.object({ engine: z.string(), model: z.string().optional() })).optional(),
      diarization: z
        .object({
          by: z.enum(['model', 'heuristic']).describe('`model`: sherpa-onnx speaker diarization (segmentation and speaker-embedding models installed); `heuristic`: voice pitch and pauses'),
          models: z.array(z.string()).optional().describe('The segmentation and speaker-embedding models, when installed'),
          note: z.string().optional().describe('Why the heuristic stood in for installed models'),
        })
        .optional()
        .describe('Extension (issue 30, item 3): how the words\' `speaker` was found'),
    })
    .optional(),
  /** Extension (issue 13, item 9): what it is doing now, while queued or processing. */
  stage: jobStageSchema.optional(),
  /** Extension (issue 13, item 2): what the person should know about how the job ran. */
  warnings: z.array(jobWarningSchema).optional(),
  /**
   * Extension, only when a language model is configured (`llm` in config.json): who ranked the
   * clips and wrote their titles, and what went wrong when the heuristics stood in (issue 20);
   * also when a sentence-embedding model matched the request to passages (`embedding`, its
   * name: issue 28, item 3).
   */
  ranking: z.object({ by: z.enum(['llm', 'heuristics']), model: z.string().optional(), embedding: z.string().optional(), note: z.string().optional() }).optional(),
});
export type ClipJobView = z.infer<typeof clipJobSchema>;

/** Spec "POST /v1/clips": "Response 202: `job_id`, `status` (always `queued`), `created_at`". */
export const createdClipJobSchema = z.object({ job_id: z.string(), status: z.literal('queued'), created_at: z.number().int() });
export type CreatedClipJob = z.infer<typeof createdClipJobSchema>;

/** One job in GET /v1/clips (DESIGN.md "Second round"): not a status check, no clips inside. */
export const clipJobSummarySchema = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.number().int(),
  name: z.string(),
  clip_count: z.number().int(),
});
export type ClipJobSummary = z.infer<typeof clipJobSummarySchema>;

export const clipJobListSchema = z.object({ jobs: z.array(clipJobSummarySchema), next_cursor: z.string().nullable() });
export type ClipJobList = z.infer<typeof clipJobListSchema>;

/** Query of GET /v1/clips (DESIGN.md "Second round": `status`, `limit` 1-100, `cursor`). */
export const jobListQuerySchema = listQuerySchema(JOB_STATUSES);
