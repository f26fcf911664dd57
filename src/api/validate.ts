// Request validation shared by every resource's routes (spec "Errors").
import { z } from 'zod';
import { badRequest } from './errors.js';

/**
 * Validates `value` against a schema; the first problem becomes a 400 BAD_REQUEST whose
 * `details` names the offending field (spec "Errors": details is usually the offending field).
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.') || null;
  const message = field ? `${field}: ${issue.message}` : issue.message;
  throw badRequest(message, { field, issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) });
}

/**
 * Bodies of POST /v1/clips/:clipId/renders (spec: "Request body: empty") and of the cancel
 * endpoint (DESIGN.md: no body): nothing, or `{}`. A field is refused like an unknown field
 * anywhere else, so a caller never believes an option it sent was applied.
 */
export const emptyBodySchema = z.strictObject(
  {},
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `this endpoint takes no body fields (got ${iss.keys.join(', ')})` : 'the body must be empty or {}') },
);
