import type { Router } from '../../server/router.js';
import type { WebhookService } from './service.js';

/** Webhook registrations: JWT only; the signing secret is shown once, at creation. */
export function registerWebhookRoutes(router: Router, webhooks: WebhookService): void {
  router.post('/v1/webhooks', { auth: 'jwt' }, async (ctx) => ({ status: 201, body: webhooks.create(ctx.principal.teamId, await ctx.json()) }));
  router.get('/v1/webhooks', { auth: 'jwt' }, (ctx) => ({ status: 200, body: { webhooks: webhooks.list(ctx.principal.teamId) } }));
  router.get('/v1/webhooks/:id', { auth: 'jwt' }, (ctx) => ({ status: 200, body: webhooks.get(ctx.principal.teamId, ctx.params.id) }));
  router.delete('/v1/webhooks/:id', { auth: 'jwt' }, (ctx) => ({ status: 200, body: webhooks.delete(ctx.principal.teamId, ctx.params.id) }));
  router.get('/v1/webhooks/:id/deliveries', { auth: 'jwt' }, (ctx) => ({
    status: 200,
    body: { deliveries: webhooks.deliveries(ctx.principal.teamId, ctx.params.id, Object.fromEntries(ctx.query)) },
  }));
  router.post('/v1/webhooks/:id/deliveries/:deliveryId/resend', { auth: 'jwt' }, (ctx) => ({
    status: 202,
    body: { delivery: webhooks.resend(ctx.principal.teamId, ctx.params.id, ctx.params.deliveryId) },
  }));
  // Key or JWT: it manages no credential, and everything an API key may do already emits events.
  router.post('/v1/webhooks/trigger', { auth: 'any' }, async (ctx) => ({ status: 201, body: { event: webhooks.trigger(ctx.principal.teamId, await ctx.json()) } }));
}
