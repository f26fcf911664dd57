import { conflict, notFound } from '../../../src/api/errors.js';
import { createWebhookSchema, listDeliveriesQuerySchema, triggerWebhookSchema } from '../../../src/api/webhooks.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import { checkOutboundUrl } from '../../net/target-policy.js';
import type { Store } from '../../store/index.js';
import type { WebhookRecord } from '../../store/webhooks.js';
import { sampleEventData } from './sample-events.js';

export interface WebhookServiceDeps {
  store: Pick<Store, 'webhooks' | 'webhookOutbox' | 'events' | 'transaction'>;
  clock: Clock;
  /** Setting `server.local`: a local daemon may deliver to loopback and private addresses. */
  local: boolean;
  /** Setting `network.allow_private_targets`: a hosted daemon may too. */
  allowPrivateTargets: boolean;
}

/**
 * Webhook registrations (spec "Events", "Delivery"; JWT only): the URL policy, the signing
 * secret shown once at creation, and the extensions DESIGN.md adds (deliveries, trigger).
 */
export class WebhookService {
  constructor(private d: WebhookServiceDeps) {}

  async create(teamId: string, body: unknown) {
    const input = parseBody(createWebhookSchema, body);
    checkOutboundUrl(input.url, { local: this.d.local, field: 'url', allowPrivate: this.d.allowPrivateTargets });
    const events = input.events.includes('*') ? ['*'] : [...new Set(input.events)];
    const { record, secret } = await this.d.store.webhooks.create(teamId, { ...input, events }, this.d.clock.now());
    return { ...publicView(record), secret };
  }

  async list(teamId: string) {
    return (await this.d.store.webhooks.list(teamId)).map(publicView);
  }

  async get(teamId: string, id: string) {
    return publicView(await this.live(teamId, id));
  }

  async delete(teamId: string, id: string) {
    if (!await this.d.store.webhooks.delete(teamId, id, this.d.clock.now())) throw notFound('Webhook', id);
    return { id, deleted: true };
  }

  /** Extension: what happened to each event sent to a registration (attempts, last answer). */
  async deliveries(teamId: string, id: string, query: Record<string, string>) {
    const webhook = await this.live(teamId, id);
    return await this.d.store.webhookOutbox.list(webhook.id, parseBody(listDeliveriesQuerySchema, query));
  }

  /**
   * Extension: POST /v1/webhooks/:id/deliveries/:deliveryId/resend (issue 13, item 16): a failed
   * or delivered delivery is sent again now, with fresh retries; 409 while it is still pending.
   */
  async resend(teamId: string, id: string, deliveryId: string) {
    const webhook = await this.live(teamId, id);
    const r = await this.d.store.webhookOutbox.resend(webhook.id, deliveryId, this.d.clock.now());
    if (r.outcome === 'missing') throw notFound('Delivery', deliveryId);
    if (r.outcome === 'busy') throw conflict(`Delivery ${deliveryId} is ${r.status}: it is being sent already`, { status: r.status });
    const found = (await this.d.store.webhookOutbox.list(webhook.id, { limit: 100 })).find((d) => d.id === deliveryId);
    return found ?? { id: deliveryId, webhook_id: webhook.id, status: 'pending' as const };
  }

  /**
   * Extension behind `clipper webhooks trigger TYPE`: a sample event for the caller's team, sent
   * to its registrations like any other.
   */
  async trigger(teamId: string, body: unknown) {
    const { type } = parseBody(triggerWebhookSchema, body);
    const now = this.d.clock.now();
    return await this.d.store.transaction(async () => await this.d.store.events.emit(type, sampleEventData(type, teamId, now)));
  }

  private async live(teamId: string, id: string): Promise<WebhookRecord> {
    const webhook = await this.d.store.webhooks.get(teamId, id);
    if (!webhook) throw notFound('Webhook', id);
    return webhook;
  }
}

function publicView(w: WebhookRecord) {
  return { id: w.id, url: w.url, events: w.events, legacy_signature: w.legacy_signature, description: w.description, created_at: w.created_at };
}
