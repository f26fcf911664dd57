// GET /v1/ping, the credential check. Spec "Named but incomplete": "Endpoints for ... a
// `/v1/ping` check (all named elsewhere): not shown." DESIGN.md: "GET /v1/ping | key or JWT | - |
// `{ok: true, team_id, auth}`, auth being "api_key" or "jwt"". (GET /healthz, which needs no
// credential, answers `{ok: true}`.)

/** The answer of GET /v1/ping: which team the credential acts as, and what kind it is. */
export interface Ping {
  ok: true;
  team_id: string;
  auth: 'api_key' | 'jwt';
}
