import type { Router } from '../../server/router.js';
import type { RenderService } from './service.js';

/** Full renders (spec "POST /v1/clips/:clipId/renders", DESIGN.md GET /v1/renders/:id). */
export function registerRenderRoutes(router: Router, renders: RenderService): void {
  router.post('/v1/clips/:clipId/renders', { auth: 'any' }, async (ctx) => ({
    status: 202,
    body: await renders.trigger(ctx.principal.teamId, ctx.params.clipId, await ctx.json()),
  }));
  // Extension (issue 29, item 5): what remove_fillers / remove_silences would cut from the clip.
  router.get('/v1/clips/:clipId/cuts', { auth: 'any' }, async (ctx) => ({ status: 200, body: await renders.cuts(ctx.principal.teamId, ctx.params.clipId, Object.fromEntries(ctx.query)) }));
  router.get('/v1/renders', { auth: 'any' }, async (ctx) => ({ status: 200, body: await renders.list(ctx.principal.teamId, Object.fromEntries(ctx.query)) }));
  router.get('/v1/renders/:renderId', { auth: 'any', statusCheck: (p) => `render:${p.renderId}` }, async (ctx) => ({
    status: 200,
    body: await renders.get(ctx.principal.teamId, ctx.params.renderId),
  }));
}
