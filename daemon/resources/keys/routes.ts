import type { Router } from '../../server/router.js';
import type { KeyService } from './service.js';

/** API keys: JWT only (spec "Authentication", rule 4). The plaintext key is in the 201 only. */
export function registerKeyRoutes(router: Router, keys: KeyService): void {
  router.post('/v1/keys', { auth: 'jwt' }, async (ctx) => ({ status: 201, body: await keys.create(ctx.principal.teamId, await ctx.json()) }));
  router.get('/v1/keys', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: { keys: await keys.list(ctx.principal.teamId) } }));
  router.delete('/v1/keys/:id', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: await keys.revoke(ctx.principal.teamId, ctx.params.id) }));
}
