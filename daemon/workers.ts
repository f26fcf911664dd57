import type { AppContext } from './context.js';
import type { Worker } from './worker.js';
import { buildWebhookWorkers } from './events/webhook-workers.js';

/**
 * The background workers of the daemon. Task handlers (clip jobs, renders, publishing) register
 * on app.tasks here; other areas add their own workers to the list.
 */
export function buildWorkers(app: AppContext): Worker[] {
  return [app.tasks, ...buildWebhookWorkers(app)];
}
