import { randomToken } from '../../../src/api/ids.js';
import type { Clock } from '../../clock.js';
import { withLogContext, type Logger } from '../../log.js';
import { metrics } from '../../metrics/instruments.js';
import { PollingWorker, type Worker } from '../../worker.js';
import type { ClaimedDelivery } from '../../store/webhook-outbox.js';
import type { Store } from '../../store/index.js';
import type { WebhookSender } from './sender.js';
import { judgeAttempt, type WebhookSettings } from './delivery-policy.js';

/**
 * Sends due deliveries concurrently: at most `concurrency` in flight overall and `perEndpoint`
 * per registration, so a slow or dead receiver holds only its own few slots and never delays
 * the others (issue 6). Each delivery is leased in SQLite for the timeout plus a margin; a
 * lease left behind by a killed daemon runs out and the delivery is sent again (at-least-once).
 */
export class WebhookDeliveryWorker implements Worker {
  readonly name = 'webhook-delivery';
  /** Identifies this process's leases, so a restarted daemon never mistakes them for its own. */
  private readonly owner = `${process.pid}.${randomToken(10)}`;
  private inFlight = new Map<string, { webhookId: string; done: Promise<void> }>();
  private perWebhook = new Map<string, number>();
  private shutdown = new AbortController();
  /**
   * Looks for due deliveries every quarter second at most (a retry is at most that late) and at
   * once on wake(); pump() never waits for an answer, so a tick is always quick.
   */
  private poller: PollingWorker;

  constructor(
    private outbox: Store['webhookOutbox'],
    private sender: WebhookSender,
    private clock: Clock,
    private log: Logger,
    private settings: WebhookSettings,
  ) {
    this.poller = new PollingWorker(
      this.name,
      async () => {
        await this.pump();
        return false;
      },
      Math.min(settings.poll_ms, 250),
      (e) => log.error('webhook delivery: claiming failed', { error: String(e) }),
    );
  }

  async start(): Promise<void> {
    await this.poller.start();
  }

  /** Called when deliveries were created or a slot freed up. */
  wake(): void {
    this.poller.wake();
  }

  /** Leases and starts every due delivery there is room for; returns how many started. */
  private async pump(): Promise<number> {
    if (this.shutdown.signal.aborted) return 0; // stopping: leases stay released for the next start
    const due = await this.outbox.nextDueAt();
    if (due === undefined || due > this.clock.now()) return 0; // nothing due: no write transaction
    let started = 0;
    const { concurrency, concurrency_per_endpoint: perEndpoint, timeout_ms: timeoutMs } = this.settings;
    while (this.inFlight.size < concurrency) {
      const taken = new Map<string, number>();
      const { claimed, scanned } = await this.outbox.claim(this.owner, this.clock.now(), timeoutMs + 5_000, {
        limit: concurrency - this.inFlight.size,
        excludeWebhooks: [...this.perWebhook].filter(([, n]) => n >= perEndpoint).map(([id]) => id),
        excludeIds: [...this.inFlight.keys()],
        accept: (webhookId) => {
          const n = (this.perWebhook.get(webhookId) ?? 0) + (taken.get(webhookId) ?? 0);
          if (n >= perEndpoint) return false;
          taken.set(webhookId, (taken.get(webhookId) ?? 0) + 1);
          return true;
        },
      });
      claimed.forEach((d) => this.begin(d));
      started += claimed.length;
      // Stop when nothing is due or nothing could be taken. Otherwise go again: the registrations
      // just filled are excluded next round, so others' deliveries further down get their turn.
      if (scanned === 0 || claimed.length === 0) break;
    }
    return started;
  }

  private begin(d: ClaimedDelivery): void {
    this.perWebhook.set(d.webhook_id, (this.perWebhook.get(d.webhook_id) ?? 0) + 1);
    const done = withLogContext({ delivery_id: d.id, webhook_id: d.webhook_id }, async () => {
      const started = performance.now();
      const outcome = await this.sender.send(d, Math.floor(this.clock.now() / 1000), this.shutdown.signal);
      if (outcome.aborted) return await this.outbox.release(d.id, this.owner);
      metrics.webhookSeconds.observe({}, (performance.now() - started) / 1000);
      const status = await this.outbox.complete(d.id, this.owner, judgeAttempt(outcome, this.settings.backoff_ms), this.clock.now());
      // Spec "Webhooks": a failed attempt is retried (pending again) until the last one fails it.
      metrics.webhookDeliveries.inc({ outcome: status === 'delivered' ? 'delivered' : status === 'pending' ? 'retry' : (status ?? 'lost_lease') });
      if (status === 'pending') metrics.webhookRetries.inc();
      if (status !== 'delivered') this.log.warn('webhook delivery attempt failed', { delivery: d.id, webhook: d.webhook_id, status, error: outcome.error, code: outcome.statusCode });
    })
      .catch((e) => this.log.error('webhook delivery: recording failed', { delivery: d.id, error: String(e) }))
      .finally(() => {
        this.inFlight.delete(d.id);
        const left = (this.perWebhook.get(d.webhook_id) ?? 1) - 1;
        if (left > 0) this.perWebhook.set(d.webhook_id, left);
        else this.perWebhook.delete(d.webhook_id);
        this.wake();
      });
    this.inFlight.set(d.id, { webhookId: d.webhook_id, done });
  }

  /** Sends everything due now and waits for the answers (tests drive time with a ManualClock). */
  async processAll(): Promise<void> {
    for (;;) {
      const started = await this.pump();
      if (this.inFlight.size === 0 && started === 0) return;
      if (this.inFlight.size) await Promise.race([...this.inFlight.values()].map((f) => f.done));
    }
  }

  /** Aborts attempts in flight and hands their leases back, so a restart resends them at once. */
  async stop(): Promise<void> {
    await this.poller.stop();
    this.shutdown.abort();
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
    await this.sender.close();
  }
}
