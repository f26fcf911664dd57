// Extension GET /v1/clips/:clipId/cuts (issue 29, item 5: "The editor shows the removed spans and
// lets a person restore one"): what a render with remove_fillers / remove_silences would cut out
// of a clip, from its (corrected) word timings. A span the person wants back goes into the
// render's or post's `keep` list.
import { z } from 'zod';

const flag = (field: string) =>
  z.enum(['true', 'false'], { message: `${field} must be true or false` }).optional().transform((v) => v !== 'false')
    .describe('Default true: list what this option would cut');

/** Query: which kinds to list (both by default). */
export const cutsQuerySchema = z.strictObject(
  { remove_fillers: flag('remove_fillers'), remove_silences: flag('remove_silences') },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `this endpoint takes only remove_fillers and remove_silences (got ${iss.keys.join(', ')})` : 'bad query') },
);

export const removedSpanSchema = z.object({
  start: z.number().describe('Source seconds'),
  end: z.number().describe('Source seconds'),
  kind: z.enum(['filler', 'silence']),
  text: z.string().optional().describe('The filler as said'),
});
export type RemovedSpanView = z.infer<typeof removedSpanSchema>;

export const clipCutsSchema = z.object({
  clip_id: z.string(),
  language: z.string().describe('Whose filler list applies'),
  duration: z.number().describe('The clip as it is (s)'),
  cut_duration: z.number().describe('The clip with every listed span cut (s)'),
  removed: z.array(removedSpanSchema),
});
export type ClipCuts = z.infer<typeof clipCutsSchema>;
