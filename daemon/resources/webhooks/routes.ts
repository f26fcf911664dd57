import type { Router } from '../../server/router.js';
import type { WebhookService } from './service.js';

/** Webhook registrations: JWT only; the signing secret is shown once, at creation. */
export function registerWebhookRoutes(router: Router, webhooks: WebhookService): void {
  router.post('/v1/webhooks', { auth: 'jwt' }, async (ctx) => ({ status: 201, body: await webhooks.create(ctx.principal.teamId, await ctx.json()) }));
  router.get('/v1/webhooks', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: { webhooks: await webhooks.list(ctx.principal.teamId) } }));
  router.get('/v1/webhooks/:id', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: await webhooks.get(ctx.principal.teamId, ctx.params.id) }));
  router.delete('/v1/webhooks/:id', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: await webhooks.delete(ctx.principal.teamId, ctx.params.id) }));
  router.get('/v1/webhooks/:id/deliveries', { auth: 'jwt' }, async (ctx) => ({
    status: 200,
    body: { deliveries: await webhooks.deliveries(ctx.principal.teamId, ctx.params.id, Object.fromEntries(ctx.query)) },
  }));
  router.post('/v1/webhooks/:id/deliveries/:deliveryId/resend', { auth: 'jwt' }, async (ctx) => ({
    status: 202,
    body: { delivery: await webhooks.resend(ctx.principal.teamId, ctx.params.id, ctx.params.deliveryId) },
  }));
  // Key or JWT: it manages no credential, and everything an API key may do already emits events.
  router.post('/v1/webhooks/trigger', { auth: 'any' }, async (ctx) => ({ status: 201, body: { event: await webhooks.trigger(ctx.principal.teamId, await ctx.json()) } }));
}
