import type { Clock } from './clock.js';
import type { DaemonConfig } from './config.js';
import type { Logger } from './log.js';
import type { ObjectStore } from './objects/object-store.js';
import type { Store } from './store/index.js';
import type { TaskRunner } from './tasks/task-runner.js';
import { PollingWorker, type Worker } from './worker.js';
import type { ClipJobService } from './resources/clip-jobs/service.js';
import type { ConnectorRegistry } from './resources/platforms/connectors/registry.js';
import type { PlatformService } from './resources/platforms/service.js';
import { publishTaskHandler } from './resources/posts/task.js';
import type { PostService } from './resources/posts/service.js';
import type { RenderDeps } from './resources/renders/renderer.js';
import type { RenderService } from './resources/renders/service.js';
import { renderTaskHandler } from './resources/renders/task.js';
import { UploadCleanup, uploadCleanupWorker } from './resources/uploads/cleanup.js';
import type { UploadService } from './resources/uploads/service.js';
import { webhookWorkers } from './resources/webhooks/tasks.js';
import { clipPreviewTaskHandler, type ClipPreviewDeps } from './resources/clips/task.js';

export interface BackgroundDeps {
  config: DaemonConfig;
  store: Store;
  clock: Clock;
  log: Logger;
  tasks: TaskRunner;
  objects: ObjectStore;
  clipJobs: ClipJobService;
  uploads: Pick<UploadService, 'settle'>;
  renders: RenderService;
  posts: PostService;
  connectors: ConnectorRegistry;
  platforms: PlatformService;
  render: RenderDeps;
  clipPreview: ClipPreviewDeps;
}

/**
 * The one place background work is registered: the durable tasks (clip jobs, renders,
 * publishing) on the task runner, and the workers beside it. The order is the order
 * processAll() drains them in tests.
 */
export function backgroundWork(d: BackgroundDeps): Worker[] {
  d.tasks.register(d.clipJobs.taskHandler());
  d.tasks.register(clipPreviewTaskHandler(d.clipPreview));
  d.tasks.register(renderTaskHandler(d.renders, d.render));
  d.tasks.register(publishTaskHandler({
    posts: d.posts, clips: d.store.clips, platforms: d.store.platforms, connectors: d.connectors, render: d.render,
    authFor: (connection) => d.platforms.authFor(connection), now: () => d.clock.now(),
  }));

  // Moves due scheduled posts to queued (durable: the due time is in the store). Every worker
  // process runs it (issue 21: "the scheduler fires each due post once across all processes"):
  // the move is a compare-and-set (status-cas.ts), so one process wins it and enqueues the one task.
  const postScheduler = new PollingWorker('post-scheduler', async () => await d.posts.promoteDue() > 0, 1000, (e) =>
    d.log.error('post scheduler failed', { error: (e as Error).message }),
  );
  const webhooks = webhookWorkers({
    store: d.store,
    clock: d.clock,
    log: d.log,
    settings: d.config.webhooks,
    local: d.config.server.local,
    allowPrivateTargets: d.config.network.allow_private_targets,
  });
  const cleanup = new UploadCleanup({ clock: d.clock, log: d.log, repo: d.store.uploads, objects: d.objects, settle: (u) => d.uploads.settle(u), outputs: d.store });
  // The post scheduler runs before the task runner so processAll() publishes what fell due.
  return [postScheduler, d.tasks, ...webhooks, uploadCleanupWorker(cleanup, d.clock, d.log, d.config.uploads.cleanup_hour)];
}
