import { notFound } from '../../../src/api/errors.js';
import { createWebhookSchema } from '../../../src/api/schemas.js';
import { parseBody } from '../../../src/api/validate.js';
import { checkOutboundUrl } from '../../net/target-policy.js';
import type { Router } from '../router.js';

/** Webhook registrations: JWT only; the signing secret is shown once, at creation. */
export function registerWebhookRoutes(router: Router): void {
  router.post('/v1/webhooks', { auth: 'jwt' }, async (ctx) => {
    const input = parseBody(createWebhookSchema, await ctx.json());
    checkOutboundUrl(input.url, { local: ctx.app.config.local, field: 'url', allowPrivate: ctx.app.config.extra.allow_private_targets === true });
    const events = input.events.includes('*') ? ['*'] : [...new Set(input.events)];
    const { record, secret } = ctx.app.webhooks.create(ctx.principal.teamId, { ...input, events }, ctx.app.clock.now());
    return { status: 201, body: { ...publicView(record), secret } };
  });
  router.get('/v1/webhooks', { auth: 'jwt' }, (ctx) => ({
    status: 200,
    body: { webhooks: ctx.app.webhooks.list(ctx.principal.teamId).map(publicView) },
  }));
  router.delete('/v1/webhooks/:id', { auth: 'jwt' }, (ctx) => {
    if (!ctx.app.webhooks.delete(ctx.principal.teamId, ctx.params.id, ctx.app.clock.now())) throw notFound('Webhook', ctx.params.id);
    return { status: 200, body: { id: ctx.params.id, deleted: true } };
  });
}

function publicView(w: { id: string; url: string; events: string[]; legacy_signature: boolean; description: string | null; created_at: number }) {
  return { id: w.id, url: w.url, events: w.events, legacy_signature: w.legacy_signature, description: w.description, created_at: w.created_at };
}
