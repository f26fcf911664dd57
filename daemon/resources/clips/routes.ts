import type { Router } from '../../server/router.js';
import type { ClipEditService } from './service.js';

/**
 * DESIGN.md "Second round": PATCH /v1/clips/:clipId (registered as `:id`, the template GET /v1/clips/:jobId
 * shares: issue 27, item 6) and GET/PUT /v1/clips/:clipId/transcript
 * (issue 16, the editor's endpoints); the clip edit service does the work.
 */
export function registerClipRoutes(router: Router, edits: ClipEditService): void {
  router.patch('/v1/clips/:id', { auth: 'any' }, async (ctx) => ({ status: 200, body: await edits.update(ctx.principal.teamId, ctx.params.id, await ctx.json()) }));
  router.get('/v1/clips/:clipId/transcript', { auth: 'any' }, async (ctx) => ({ status: 200, body: await edits.transcript(ctx.principal.teamId, ctx.params.clipId) }));
  router.put('/v1/clips/:clipId/transcript', { auth: 'any' }, async (ctx) => ({ status: 200, body: await edits.putTranscript(ctx.principal.teamId, ctx.params.clipId, await ctx.json()) }));
}
