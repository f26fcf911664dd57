import type { AppContext } from './app.js';
import type { Worker } from './worker.js';
import { UploadCleanup, uploadCleanupWorker } from './resources/uploads/cleanup.js';
import { buildWebhookWorkers } from './resources/webhooks/tasks.js';

/**
 * The background workers of the daemon. Task handlers (clip jobs, renders, publishing) register
 * on app.tasks here; other areas add their own workers to the list.
 */
export function buildWorkers(app: AppContext): Worker[] {
  app.tasks.register(app.clipJobs.taskHandler());
  const cleanup = new UploadCleanup({ clock: app.clock, log: app.log, repo: app.uploadRepo, objects: app.objects });
  // The post scheduler runs before the task runner so processAll() publishes what fell due.
  return [app.postScheduler, app.tasks, ...buildWebhookWorkers(app), uploadCleanupWorker(cleanup, app.clock, app.log, Number(app.config.extra.upload_cleanup_hour ?? 3))];
}
