import type { App } from '../app.js';
import { Router } from './router.js';
import { registerHealthRoutes } from './health.js';
import { registerOpenApiRoute } from './openapi-route.js';
import { registerObjectRoutes } from '../objects/routes.js';
import { registerAppPages } from '../web/routes.js';
import { registerClipJobRoutes } from '../resources/clip-jobs/routes.js';
import { registerClipRoutes } from '../resources/clips/routes.js';
import { registerKeyRoutes } from '../resources/keys/routes.js';
import { registerTeamRoutes } from '../resources/teams/routes.js';
import { registerSessionLinkRoutes } from '../resources/sessions/routes.js';
import { registerPlatformRoutes } from '../resources/platforms/routes.js';
import { registerPostRoutes } from '../resources/posts/routes.js';
import { registerPublicPostRoutes } from '../resources/posts/public-routes.js';
import { registerRenderRoutes } from '../resources/renders/routes.js';
import { registerUploadRoutes } from '../resources/uploads/routes.js';
import { registerWebhookRoutes } from '../resources/webhooks/routes.js';

/** Every route of the daemon: each resource registers its own, given only its service. */
export function buildRouter(app: App): Router {
  const router = new Router();
  registerHealthRoutes(router, () => app.config.dataDir);
  registerOpenApiRoute(router);
  registerKeyRoutes(router, app.keys);
  registerTeamRoutes(router, app.team);
  registerWebhookRoutes(router, app.webhooks);
  registerPlatformRoutes(router, app.platforms);
  registerRenderRoutes(router, app.renders);
  registerPostRoutes(router, app.posts);
  registerPublicPostRoutes(router, app.localConnector);
  registerClipJobRoutes(router, app.clipJobs);
  registerClipRoutes(router, app.clipEdits);
  registerSessionLinkRoutes(router, app.sessionLinks, app.sessions);
  registerAppPages(router, {
    sessions: app.sessions, store: app.store, heavy: app.heavy, baseUrl: () => app.baseUrl, heartbeatMs: () => app.config.server.event_heartbeat_ms,
    clipView: (clip) => app.clipJobs.clipView(clip),
    transcript: async (teamId, clipId) => await app.clipEdits.transcript(teamId, clipId),
    posts: async (teamId, clipId) => await app.posts.listForClip(teamId, clipId),
    renderView: (row) => app.renders.view(row),
    signedSourceUrl: (key, ttlMs) => app.objectUrls.signGet(key, ttlMs),
    localPath: (key) => app.objects.localPath(key),
    objects: app.objects,
    jobView: async (job) => await app.clipJobs.toView(job),
    platforms: async (teamId) => await app.platforms.list(teamId),
  });
  registerUploadRoutes(router, app.uploads);
  // The daemon's own object URLs (disk store); with S3, clients reach the bucket directly.
  if (app.daemonObjectUrls) registerObjectRoutes(router, { objects: app.objects, urls: app.daemonObjectUrls, uploads: app.uploads });
  return router;
}
