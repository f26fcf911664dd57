import type { Router } from '../../server/router.js';
import type { ClipJobService } from './service.js';

/** Spec "POST /v1/clips" and "GET /v1/clips/:jobId", DESIGN.md GET /v1/clips; the clip job service does the work. */
export function registerClipJobRoutes(router: Router, clipJobs: ClipJobService): void {
  router.post('/v1/clips', { auth: 'any' }, async (ctx) => ({
    status: 202,
    body: await clipJobs.create(ctx.principal.teamId, await ctx.json()),
  }));
  router.get('/v1/clips', { auth: 'any' }, async (ctx) => ({ status: 200, body: await clipJobs.list(ctx.principal.teamId, Object.fromEntries(ctx.query)) }));
  // One template with PATCH /v1/clips/:id (issue 27, item 6: OpenAPI forbids two names for one path).
  router.get('/v1/clips/:id', { auth: 'any', statusCheck: (p) => `job:${p.id}` }, async (ctx) => ({
    status: 200,
    body: await clipJobs.view(ctx.principal.teamId, ctx.params.id),
  }));
  // Extension (issue 27, item 10): the speech engine the next job uses; `clipper doctor` asks it.
  router.get('/v1/transcription', { auth: 'any' }, () => ({ status: 200, body: clipJobs.speechEngine() }));
}
