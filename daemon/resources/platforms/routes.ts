import type { Router } from '../../server/router.js';
import type { PlatformService } from './service.js';

/** Connected social platforms: JWT only, one connection per platform (DESIGN.md). */
export function registerPlatformRoutes(router: Router, platforms: PlatformService): void {
  router.post('/v1/platforms', { auth: 'jwt' }, async (ctx) => ({ status: 201, body: platforms.connect(ctx.principal.teamId, await ctx.json()) }));
  router.get('/v1/platforms', { auth: 'jwt' }, (ctx) => ({ status: 200, body: { platforms: platforms.list(ctx.principal.teamId) } }));
  router.delete('/v1/platforms/:platform', { auth: 'jwt' }, (ctx) => ({ status: 200, body: platforms.disconnect(ctx.principal.teamId, ctx.params.platform) }));
}
