import type { Router } from './router.js';

/** GET /healthz answers without auth (DESIGN.md, start-up); GET /v1/ping checks a credential. */
export function registerHealthRoutes(router: Router): void {
  router.get('/healthz', { auth: 'none' }, () => ({ status: 200, body: { ok: true } }));
  router.get('/v1/ping', { auth: 'any' }, (ctx) => ({
    status: 200,
    body: { ok: true, team_id: ctx.principal.teamId, auth: ctx.principal.kind },
  }));
}
