import { notFound } from '../../../src/api/errors.js';
import { createKeySchema } from '../../../src/api/keys.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Router } from '../../server/router.js';

/** API keys: JWT only (spec "Authentication", rule 4). The plaintext key is in the 201 only. */
export function registerKeyRoutes(router: Router): void {
  router.post('/v1/keys', { auth: 'jwt' }, async (ctx) => {
    const input = parseBody(createKeySchema, await ctx.json());
    const { record, key } = ctx.app.apiKeys.create(ctx.principal.teamId, input.label, ctx.app.clock.now());
    return { status: 201, body: { id: record.id, label: record.label, key, created_at: record.created_at } };
  });
  router.get('/v1/keys', { auth: 'jwt' }, (ctx) => ({
    status: 200,
    body: { keys: ctx.app.apiKeys.list(ctx.principal.teamId).map(({ id, label, created_at, last_used_at }) => ({ id, label, created_at, last_used_at })) },
  }));
  router.delete('/v1/keys/:id', { auth: 'jwt' }, (ctx) => {
    if (!ctx.app.apiKeys.revoke(ctx.principal.teamId, ctx.params.id, ctx.app.clock.now())) throw notFound('API key', ctx.params.id);
    return { status: 200, body: { id: ctx.params.id, revoked: true } };
  });
}
