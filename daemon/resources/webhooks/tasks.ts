import type { AppContext } from '../../app.js';
import { PollingWorker, type Worker } from '../../worker.js';
import { WebhookDeliveryWorker } from './delivery-worker.js';
import { WebhookSender } from './sender.js';
import { webhookSettings } from './delivery-policy.js';

/**
 * The two webhook workers: fan-out (event log -> one delivery per subscribed registration) and
 * delivery. An appended event wakes fan-out at once; new deliveries wake the sender.
 */
export function buildWebhookWorkers(app: AppContext): Worker[] {
  const settings = webhookSettings(app.config);
  const sender = new WebhookSender({
    timeoutMs: settings.timeoutMs,
    local: app.config.local,
    allowPrivate: app.config.extra.allow_private_targets === true,
  });
  const delivery = new WebhookDeliveryWorker(app.webhookOutbox, sender, app.clock, app.log, settings);
  const fanout = new PollingWorker(
    'webhook-fanout',
    async () => {
      const read = app.webhookOutbox.fanOut(app.clock.now());
      if (read) delivery.wake();
      return read > 0;
    },
    settings.pollMs,
    (e) => app.log.error('webhook fan-out failed', { error: String(e) }),
  );
  app.events.onAppend(() => fanout.wake());
  // Fan-out first: processAll() in tests drains the log into deliveries before sending them.
  return [fanout, delivery];
}
