import type { AppContext } from './context.js';
import type { Worker } from './worker.js';
import { buildWebhookWorkers } from './events/webhook-workers.js';

/**
 * The background workers of the daemon. Task handlers (clip jobs, renders, publishing) register
 * on app.tasks here; other areas add their own workers to the list.
 */
export function buildWorkers(app: AppContext): Worker[] {
  // The post scheduler runs before the task runner so processAll() publishes what fell due.
  return [app.postScheduler, app.tasks, ...buildWebhookWorkers(app)];
}
