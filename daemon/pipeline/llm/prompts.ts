// What the language model is asked (issue 20, item 5), and the JSON Schemas its answers must
// match (zod, written once: the schema sent as response_format is the one the answer is checked
// against). Two calls per section: rank the candidate clips against the request, with a reason;
// then write the chosen clips' titles, captions per platform and hashtags.
import { z } from 'zod';
import { CAPTION_LIMITS, TITLE_MAX } from '../../../src/api/posts.js';

export const rankingSchema = z.strictObject({
  ranking: z.array(z.strictObject({
    id: z.string(),
    relevance: z.number().min(0).max(1),
    reason: z.string().min(1).max(300),
  })).min(1),
});
export type RankingAnswer = z.infer<typeof rankingSchema>;

const caption = (limit: number) => z.string().min(1).max(limit);

export const copySchema = z.strictObject({
  clips: z.array(z.strictObject({
    id: z.string(),
    title: z.string().min(3).max(TITLE_MAX),
    hashtags: z.array(z.string().regex(/^#?[\p{L}\p{N}_]{2,40}$/u)).max(8),
    captions: z.strictObject({
      short_video: caption(CAPTION_LIMITS.short_video),
      long_video: caption(CAPTION_LIMITS.long_video),
      photo_sharing: caption(CAPTION_LIMITS.photo_sharing),
      professional_network: caption(CAPTION_LIMITS.professional_network),
    }),
  })),
});
export type CopyAnswer = z.infer<typeof copySchema>;

export const jsonSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
};

export interface Candidate {
  id: string;
  start: number;
  end: number;
  transcript: string;
}

const at = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
/** Words of one candidate sent to the model (a clip of 90 s is about 250 words). */
const MAX_WORDS = 300;
const excerpt = (text: string) => text.split(/\s+/).slice(0, MAX_WORDS).join(' ');

const SYSTEM = 'You pick and present short clips of a long video for social media. The transcripts come from speech recognition and may have misheard words. Answer with JSON only, exactly in the requested shape.';

export function rankingPrompt(request: string | undefined, candidates: Candidate[]) {
  const asked = request?.trim() ? `The viewer asked for: "${request.trim()}".` : 'No topic was asked for: rank by how likely each clip is to be watched and shared.';
  const list = candidates.map((c) => `[${c.id}] ${at(c.start)}-${at(c.end)}: ${excerpt(c.transcript)}`).join('\n\n');
  return {
    system: SYSTEM,
    user: `${asked}\nJudge what each passage is about, not the words it happens to share with the request.\nRank all ${candidates.length} candidate clips from best to worst, each with a relevance from 0 to 1 and a one-sentence reason.\n\n${list}`,
    schemaName: 'clip_ranking',
    schema: jsonSchemaOf(rankingSchema),
  };
}

export function copyPrompt(request: string | undefined, clips: Candidate[]) {
  const list = clips.map((c) => `[${c.id}] ${excerpt(c.transcript)}`).join('\n\n');
  return {
    system: SYSTEM,
    user:
      `${request?.trim() ? `The clips were chosen for: "${request.trim()}".\n` : ''}` +
      'For each clip write: a title (a headline in sentence case, 40 to 70 characters, at most 100, a complete phrase); ' +
      'captions for short_video (one or two sentences), photo_sharing (a few sentences), professional_network (a short paragraph) and long_video (a description); ' +
      'and three to five hashtags, each a phrase the clip itself uses, without spaces. Use only what the clip says.\n\n' +
      list,
    schemaName: 'clip_copy',
    schema: jsonSchemaOf(copySchema),
  };
}
