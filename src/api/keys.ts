// The API key contract, written once: the daemon validates with the schema and answers with the
// wire types; the client types its calls with both.
//
// Spec "Records without a full field list": "API key record (beyond a label given at creation
// and a one-time secret): not shown." DESIGN.md ("Endpoints the spec names but does not show")
// fills it in: "POST/GET /v1/keys, DELETE /v1/keys/:id | JWT only | `{label}` | one-time `key` at
// creation; listing shows id, label, created_at, last_used_at".
import { z } from 'zod';

/** POST /v1/keys: `{label}`. */
export const createKeySchema = z.strictObject({
  label: z.string().trim().min(1, 'label is required').max(100, 'label is at most 100 characters'),
});
export type CreateKeyInput = z.infer<typeof createKeySchema>;

// Responses, as zod schemas so the OpenAPI document is generated from them (issue 18).

/** One key in GET /v1/keys (`{keys: [...]}`): never the secret. */
export const apiKeySchema = z.object({ id: z.string(), label: z.string(), created_at: z.number().int(), last_used_at: z.number().int().nullable() });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The 201 of POST /v1/keys: the only answer that carries the plaintext `key` (`<secret>-<teamId>`). */
export const createdApiKeySchema = z.object({ id: z.string(), label: z.string(), key: z.string(), created_at: z.number().int() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** DELETE /v1/keys/:id. */
export const revokedApiKeySchema = z.object({ id: z.string(), revoked: z.literal(true) });
export type RevokedApiKey = z.infer<typeof revokedApiKeySchema>;
