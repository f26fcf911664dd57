import type { Router } from '../../server/router.js';
import type { PlatformService } from './service.js';

/**
 * Connected social platforms: JWT only, one connection per platform (DESIGN.md). Issue 15 adds
 * POST /v1/platforms/authorize, the start of an OAuth 2.0 connection (its `state` and the code
 * the platform sends back then go to POST /v1/platforms as `authorization`).
 */
export function registerPlatformRoutes(router: Router, platforms: PlatformService): void {
  router.post('/v1/platforms/authorize', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: await platforms.authorize(ctx.principal.teamId, await ctx.json()) }));
  router.post('/v1/platforms', { auth: 'jwt' }, async (ctx) => ({ status: 201, body: await platforms.connect(ctx.principal.teamId, await ctx.json()) }));
  router.get('/v1/platforms', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: { platforms: await platforms.list(ctx.principal.teamId) } }));
  router.delete('/v1/platforms/:platform', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: await platforms.disconnect(ctx.principal.teamId, ctx.params.platform) }));
}
