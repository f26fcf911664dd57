import { badRequest, notFound } from '../../../src/api/errors.js';
import { connectPlatformSchema } from '../../../src/api/platforms.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Router } from '../../server/router.js';

/** Connected social platforms: JWT only, one connection per platform (DESIGN.md). */
export function registerPlatformRoutes(router: Router): void {
  router.post('/v1/platforms', { auth: 'jwt' }, async (ctx) => {
    const input = parseBody(connectPlatformSchema, await ctx.json());
    const connector = ctx.app.connectors.get(input.connector);
    if (!connector) throw badRequest(`Unknown connector ${input.connector}; available: ${ctx.app.connectors.names().join(', ')}`, { field: 'connector' });
    if (!connector.platforms.includes(input.platform)) throw badRequest(`The ${input.connector} connector cannot publish to ${input.platform}`, { field: 'platform' });
    const record = ctx.app.platforms.upsert(ctx.principal.teamId, input, ctx.app.clock.now());
    return { status: 201, body: record };
  });
  router.get('/v1/platforms', { auth: 'jwt' }, (ctx) => ({
    status: 200,
    body: { platforms: ctx.app.platforms.list(ctx.principal.teamId) },
  }));
  router.delete('/v1/platforms/:platform', { auth: 'jwt' }, (ctx) => {
    if (!ctx.app.platforms.delete(ctx.principal.teamId, ctx.params.platform)) throw notFound('Platform connection', ctx.params.platform);
    return { status: 200, body: { platform: ctx.params.platform, deleted: true } };
  });
}
