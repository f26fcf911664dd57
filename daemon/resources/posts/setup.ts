import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app.js';
import { PollingWorker } from '../../worker.js';
import { renderObjects } from '../renders/objects-port.js';
import type { RenderDeps } from '../renders/renderer.js';
import { RenderService } from '../renders/service.js';
import { renderTaskHandler } from '../renders/task.js';
import { ConnectorRegistry } from '../platforms/connectors/registry.js';
import { LocalConnector } from '../platforms/connectors/local.js';
import { ResumableUploadConnector } from '../platforms/connectors/resumable-upload.js';
import { PostService } from './service.js';
import { publishTaskHandler } from './task.js';

export interface Publishing {
  connectors: ConnectorRegistry;
  /** The built-in connector (the public pages read its publications). */
  localConnector: LocalConnector;
  renders: RenderService;
  posts: PostService;
  /** Moves due scheduled posts to queued (durable: the due time is in SQLite). */
  postScheduler: PollingWorker;
}

/**
 * Wires renders and publishing into the application: services, the render and publish task
 * handlers, the preview-ready hook that writes drafts, and the scheduler worker.
 */
export function createPublishing(app: AppContext): Publishing {
  const tmpDir = join(app.config.dataDir, 'tmp', 'renders');
  mkdirSync(tmpDir, { recursive: true });
  const objects = renderObjects(app.objects, app.objectUrls);
  const renderDeps: RenderDeps = { db: app.db, objects, tmpDir };

  const connectors = new ConnectorRegistry();
  const localConnector = new LocalConnector(join(app.config.dataDir, 'published'), () => app.baseUrl, () => app.clock.now());
  connectors.register(localConnector);
  connectors.register(new ResumableUploadConnector());

  const renders = new RenderService(app, objects);
  const posts = new PostService(app, (name) => connectors.has(name));
  app.tasks.register(renderTaskHandler(renders, app.clips, renderDeps));
  app.tasks.register(publishTaskHandler({ posts, clips: app.clips, platforms: app.platforms, connectors, render: renderDeps }));
  app.previewReadyHooks.push((clip) => void posts.createDrafts(clip));

  const postScheduler = new PollingWorker('post-scheduler', async () => posts.promoteDue() > 0, 1000, (e) =>
    app.log.error('post scheduler failed', { error: (e as Error).message }),
  );
  return { connectors, localConnector, renders, posts, postScheduler };
}
