import { completeUploadSchema, createUploadSchema, resignPartsSchema } from '../../../src/api/uploads.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Router } from '../../server/router.js';

/** Uploads (spec "POST /v1/uploads", DESIGN.md's re-sign, cancel and read endpoints). */
export function registerUploadRoutes(router: Router): void {
  router.post('/v1/uploads', { auth: 'any' }, async (ctx) => {
    const input = parseBody(createUploadSchema, await ctx.json());
    return { status: 201, body: await ctx.app.uploads.create(ctx.principal.teamId, input) };
  });
  router.post('/v1/uploads/:id/parts', { auth: 'any' }, async (ctx) => {
    const input = parseBody(resignPartsSchema, await ctx.json());
    return { status: 200, body: ctx.app.uploads.resign(ctx.principal.teamId, ctx.params.id, input.part_numbers) };
  });
  router.post('/v1/uploads/:id/complete', { auth: 'any' }, async (ctx) => {
    const input = parseBody(completeUploadSchema, await ctx.json());
    return { status: 200, body: await ctx.app.uploads.complete(ctx.principal.teamId, ctx.params.id, input.parts) };
  });
  router.delete('/v1/uploads/:id', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: await ctx.app.uploads.cancel(ctx.principal.teamId, ctx.params.id),
  }));
  router.get('/v1/uploads/:id', { auth: 'any' }, (ctx) => ({ status: 200, body: ctx.app.uploads.describe(ctx.principal.teamId, ctx.params.id) }));
}
