import type { AppContext } from './context.js';
import type { Worker } from './worker.js';
import { buildWebhookWorkers } from './events/webhook-workers.js';

/** The background workers of the daemon; each area adds its own here. */
export function buildWorkers(app: AppContext): Worker[] {
  return [...buildWebhookWorkers(app)];
}
