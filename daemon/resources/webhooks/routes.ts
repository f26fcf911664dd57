import { notFound } from '../../../src/api/errors.js';
import { createWebhookSchema, listDeliveriesQuerySchema, triggerWebhookSchema } from '../../../src/api/webhooks.js';
import { parseBody } from '../../../src/api/validate.js';
import { checkOutboundUrl } from '../../net/target-policy.js';
import { sampleEventData } from './sample-events.js';
import type { WebhookRecord } from '../../store/webhooks.js';
import type { RequestContext, Router } from '../../server/router.js';

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
  router.get('/v1/webhooks/:id', { auth: 'jwt' }, (ctx) => ({ status: 200, body: publicView(liveWebhook(ctx)) }));
  router.delete('/v1/webhooks/:id', { auth: 'jwt' }, (ctx) => {
    if (!ctx.app.webhooks.delete(ctx.principal.teamId, ctx.params.id, ctx.app.clock.now())) throw notFound('Webhook', ctx.params.id);
    return { status: 200, body: { id: ctx.params.id, deleted: true } };
  });

  // Extension: what happened to each event sent to a registration (attempts, last answer).
  router.get('/v1/webhooks/:id/deliveries', { auth: 'jwt' }, (ctx) => {
    const webhook = liveWebhook(ctx);
    const query = parseBody(listDeliveriesQuerySchema, Object.fromEntries(ctx.query));
    return { status: 200, body: { deliveries: ctx.app.webhookOutbox.list(webhook.id, query) } };
  });

  // Extension behind `clipper webhooks trigger TYPE`: a sample event for the caller's team, sent
  // to its registrations like any other. Key or JWT: it manages no credential, and everything
  // an API key may do already emits events.
  router.post('/v1/webhooks/trigger', { auth: 'any' }, async (ctx) => {
    const { type } = parseBody(triggerWebhookSchema, await ctx.json());
    const now = ctx.app.clock.now();
    const event = ctx.app.db.transaction(() => ctx.app.events.emit(type, sampleEventData(type, ctx.principal.teamId, now)))();
    return { status: 201, body: { event } };
  });
}

function liveWebhook(ctx: RequestContext): WebhookRecord {
  const webhook = ctx.app.webhooks.get(ctx.principal.teamId, ctx.params.id);
  if (!webhook) throw notFound('Webhook', ctx.params.id);
  return webhook;
}

function publicView(w: WebhookRecord) {
  return { id: w.id, url: w.url, events: w.events, legacy_signature: w.legacy_signature, description: w.description, created_at: w.created_at };
}
