import type { Router } from '../../server/router.js';
import type { UploadService } from './service.js';

/** Uploads (spec "POST /v1/uploads", DESIGN.md's re-sign, cancel and read endpoints). */
export function registerUploadRoutes(router: Router, uploads: UploadService): void {
  router.post('/v1/uploads', { auth: 'any' }, async (ctx) => ({ status: 201, body: await uploads.create(ctx.principal.teamId, await ctx.json()) }));
  router.post('/v1/uploads/:id/parts', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: await uploads.resign(ctx.principal.teamId, ctx.params.id, await ctx.json()),
  }));
  router.post('/v1/uploads/:id/complete', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: await uploads.complete(ctx.principal.teamId, ctx.params.id, await ctx.json()),
  }));
  router.delete('/v1/uploads/:id', { auth: 'any' }, async (ctx) => ({ status: 200, body: await uploads.cancel(ctx.principal.teamId, ctx.params.id) }));
  router.get('/v1/uploads/:id', { auth: 'any' }, async (ctx) => ({ status: 200, body: await uploads.describe(ctx.principal.teamId, ctx.params.id) }));
}
