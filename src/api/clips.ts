// The clip job contract (spec "Clip job", "Clip", "POST /v1/clips", "GET /v1/clips/:jobId"),
// written once: the daemon validates with the schema, the client types its calls with it.
import { z } from 'zod';
import { isIso6391 } from './languages.js';
import { TARGET_DURATION_MAX, TARGET_DURATION_MIN } from './limits.js';

export { TARGET_DURATION_MAX, TARGET_DURATION_MIN };
export const CRITERIA_MAX_CHARS = 1000;
export const DEFAULT_CRITERIA = 'general highlights';
export const JOB_STATUSES = ['queued', 'processing', 'done', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const sourceSchema = z
  .strictObject({
    url: z.string({ message: 'source.url must be a string' }).trim().min(1, 'source.url must not be empty').max(4096, 'source.url is at most 4096 characters').optional(),
    upload_id: z.string({ message: 'source.upload_id must be a string' }).trim().min(1, 'source.upload_id must not be empty').max(200).optional(),
  }, { message: 'source must be an object with url or upload_id' })
  // Spec: "Exactly one of source.url and source.upload_id must be given."
  .refine((s) => (s.url === undefined) !== (s.upload_id === undefined), { message: 'give exactly one of source.url and source.upload_id' });

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
});
export type CreateClipJobInput = z.input<typeof createClipJobSchema>;
export type CreateClipJobRequest = z.output<typeof createClipJobSchema>;

export interface ScoreBreakdownView {
  relevance: number;
  hook: number;
  energy: number;
  completeness: number;
}

/** A clip as the API shows it: the spec's fields plus DESIGN.md's extensions. */
export interface ClipView {
  id: string;
  title: string;
  duration: number;
  score: number;
  /** Omitted while the preview is still rendering. */
  preview_url?: string;
  editor_url: string;
  start: number;
  end: number;
  score_breakdown: ScoreBreakdownView;
  reason: string;
}

export interface ClipJobView {
  job_id: string;
  status: JobStatus;
  created_at: number;
  clips: ClipView[];
  /** Only when status is `error`. */
  error?: string;
  /** Extensions: the folder the job is filed under, and progress 0..1. */
  folder_name: string;
  progress: number;
  /**
   * Extension (issue 14): the speech engine and model that transcribe the job, once its
   * transcription has started (`none`: clips from pauses, loudness and scene changes only).
   */
  transcription?: { engine: string; model?: string };
  /** Extension (issue 13, item 9): what it is doing now, while queued or processing. */
  stage?: JobStage;
  /** Extension (issue 13, item 2): what the person should know about how the job ran. */
  warnings?: JobWarning[];
  /**
   * Extension, only when a language model is configured (`llm` in config.json): who ranked the
   * clips and wrote their titles, and what went wrong when the heuristics stood in (issue 20).
   */
  ranking?: { by: 'llm' | 'heuristics'; model?: string; note?: string };
}

/** The step a running job is on; `done`/`total` count its parts (chunks, sections, previews). */
export interface JobStage {
  name: 'queued' | 'downloading' | 'preparing' | 'transcribing' | 'finding_clips' | 'rendering_previews';
  done?: number;
  total?: number;
  /** Previews made so far, while an earlier step is still open (they overlap). */
  previews?: { done: number; total: number };
}

export interface JobWarning {
  /** `no_speech_engine`: no transcript, so clips were found without words. */
  code: string;
  message: string;
}

export interface CreatedClipJob {
  job_id: string;
  status: 'queued';
  created_at: number;
}

/** One job in GET /v1/clips (DESIGN.md "Second round"): not a status check, no clips inside. */
export interface ClipJobSummary {
  job_id: string;
  status: JobStatus;
  created_at: number;
  name: string;
  clip_count: number;
}

export interface ClipJobList {
  jobs: ClipJobSummary[];
  next_cursor: string | null;
}
