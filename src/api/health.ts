// GET /v1/ping, the credential check. Spec "Named but incomplete": "Endpoints for ... a
// `/v1/ping` check (all named elsewhere): not shown." DESIGN.md: "GET /v1/ping | key or JWT | - |
// `{ok: true, team_id, auth}`, auth being "api_key" or "jwt"". (GET /healthz, which needs no
// credential, answers `{ok: true}`.)

import { z } from 'zod';

/** The answer of GET /v1/ping: which team the credential acts as, and what kind it is. */
export const pingSchema = z.object({ ok: z.literal(true), team_id: z.string(), auth: z.enum(['api_key', 'jwt']) });
export type Ping = z.infer<typeof pingSchema>;
