// The editor's endpoints (DESIGN.md "Second round"; issue 16):
//   PATCH /v1/clips/:clipId  {start?, end?, title?}: seconds in the source, 3 to 600 s long,
//     inside the video -> {clip}; the preview is made again and new drafts are written; 409 while
//     one of its posts is publishing.
//   GET/PUT /v1/clips/:clipId/transcript  {clip_id, words: [{text, start, end}]} for the clip's
//     span; corrected words are what captions, titles, drafts and renders use from then on.
import { z } from 'zod';
import { TITLE_MAX } from './limits.js';
import { clipSchema } from './clips.js';

const seconds = (field: string) =>
  z.number({ message: `${field} must be a number of seconds` }).refine((n) => Number.isFinite(n) && n >= 0, `${field} must be a number of seconds from 0 up`);

export const patchClipSchema = z
  .strictObject({
    start: seconds('start').optional(),
    end: seconds('end').optional(),
    title: z.string({ message: 'title must be a string' }).trim().min(1, 'title must not be empty').max(TITLE_MAX, `title is at most ${TITLE_MAX} characters`).optional(),
  })
  .refine((b) => b.start !== undefined || b.end !== undefined || b.title !== undefined, { message: 'give at least one of start, end and title' });
export type PatchClipInput = z.input<typeof patchClipSchema>;

/** Longest transcript one PUT carries (10 minutes of fast speech is about 2,000 words). */
export const TRANSCRIPT_MAX_WORDS = 5000;
export const WORD_MAX_CHARS = 100;

const wordSchema = z.strictObject({
  text: z
    .string({ message: 'text must be a string' })
    .trim()
    .min(1, 'text must not be empty (leave the word out instead)')
    .max(WORD_MAX_CHARS, `text is at most ${WORD_MAX_CHARS} characters`)
    .refine((t) => !/\s/.test(t), 'text is one word (split it into several words, each with its own times)'),
  start: seconds('start'),
  end: seconds('end'),
  // What GET gave back (issue 30): a corrected transcript keeps who said each word.
  speaker: z.string({ message: 'speaker must be a string' }).max(32, 'speaker is at most 32 characters').optional(),
});

export const putTranscriptSchema = z.strictObject({
  words: z.array(wordSchema, { message: 'words must be a list of {text, start, end}' }).max(TRANSCRIPT_MAX_WORDS, `words has at most ${TRANSCRIPT_MAX_WORDS} entries`),
});
export type PutTranscriptInput = z.input<typeof putTranscriptSchema>;

// Responses, as zod schemas so the OpenAPI document is generated from them (issue 18, item 1).
export const transcriptWordSchema = z.object({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  speaker: z.string().optional().describe('Extension (issue 30): who says the word, `S1`, `S2`, ... (told apart by voice pitch and pauses, or a diarization model)'),
});
export type TranscriptWord = z.infer<typeof transcriptWordSchema>;

export const clipTranscriptSchema = z.object({ clip_id: z.string(), words: z.array(transcriptWordSchema) });
export type ClipTranscript = z.infer<typeof clipTranscriptSchema>;

export const patchedClipSchema = z.object({ clip: clipSchema });
export type PatchedClip = z.infer<typeof patchedClipSchema>;
