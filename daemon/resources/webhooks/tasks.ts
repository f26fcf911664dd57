import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { Store } from '../../store/index.js';
import { PollingWorker, type Worker } from '../../worker.js';
import { WebhookDeliveryWorker } from './delivery-worker.js';
import type { WebhookSettings } from './delivery-policy.js';
import { WebhookSender } from './sender.js';

export interface WebhookWorkerDeps {
  store: Pick<Store, 'webhookOutbox' | 'events'>;
  clock: Clock;
  log: Logger;
  settings: WebhookSettings;
  /** Settings `server.local` and `network.allow_private_targets` (the sender's address policy). */
  local: boolean;
  allowPrivateTargets: boolean;
}

/**
 * The two webhook workers: fan-out (event log -> one delivery per subscribed registration) and
 * delivery. An appended event wakes fan-out at once; new deliveries wake the sender.
 */
export function webhookWorkers(d: WebhookWorkerDeps): Worker[] {
  const sender = new WebhookSender({ timeoutMs: d.settings.timeout_ms, local: d.local, allowPrivate: d.allowPrivateTargets });
  const delivery = new WebhookDeliveryWorker(d.store.webhookOutbox, sender, d.clock, d.log, d.settings);
  const fanout = new PollingWorker(
    'webhook-fanout',
    async () => {
      const read = await d.store.webhookOutbox.fanOut(d.clock.now());
      if (read) delivery.wake();
      return read > 0;
    },
    d.settings.poll_ms,
    (e) => d.log.error('webhook fan-out failed', { error: String(e) }),
    // Woken by every event, of this process or (PostgreSQL NOTIFY) another, while it runs.
    (wake) => d.store.events.onAppend(wake),
  );
  // Fan-out first: processAll() in tests drains the log into deliveries before sending them.
  return [fanout, delivery];
}
