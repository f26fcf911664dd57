import { emptyBodySchema, parseBody } from '../../../src/api/validate.js';
import type { Router } from '../../server/router.js';

/** Full renders (spec "POST /v1/clips/:clipId/renders", DESIGN.md GET /v1/renders/:id). */
export function registerRenderRoutes(router: Router): void {
  router.post('/v1/clips/:clipId/renders', { auth: 'any' }, async (ctx) => {
    parseBody(emptyBodySchema, await ctx.json());
    return { status: 202, body: ctx.app.renders.trigger(ctx.principal.teamId, ctx.params.clipId) };
  });
  router.get('/v1/renders/:renderId', { auth: 'any', statusCheck: (p) => `render:${p.renderId}` }, (ctx) => ({
    status: 200,
    body: ctx.app.renders.get(ctx.principal.teamId, ctx.params.renderId),
  }));
}
