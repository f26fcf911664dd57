// Spec "Errors", "Envelope for every error response", as a zod schema so the OpenAPI document
// is generated from it (issue 18); errors.ts (loaded by the CLI without zod) takes the type.
import { z } from 'zod';

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code: UNAUTHORIZED, BAD_REQUEST, NOT_FOUND, CONFLICT, FORBIDDEN, RATE_LIMITED, STATUS_RATE_LIMITED, INTERNAL_ERROR'),
    message: z.string().describe('Human-readable explanation'),
    details: z.unknown().describe('Optional, usually the offending field; null when there is none'),
    retry_after_seconds: z.number().optional().describe('Present on 429 responses'),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
