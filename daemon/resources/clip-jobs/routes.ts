import type { Router } from '../../server/router.js';

/** Spec "POST /v1/clips" and "GET /v1/clips/:jobId"; the clip job service does the work. */
export function registerClipRoutes(router: Router): void {
  router.post('/v1/clips', { auth: 'any' }, async (ctx) => ({
    status: 202,
    body: await ctx.app.clipJobs.create(ctx.principal.teamId, await ctx.json()),
  }));
  router.get('/v1/clips/:jobId', { auth: 'any', statusCheck: (p) => `job:${p.jobId}` }, (ctx) => ({
    status: 200,
    body: ctx.app.clipJobs.view(ctx.principal.teamId, ctx.params.jobId),
  }));
}
