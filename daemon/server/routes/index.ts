import { Router } from '../router.js';
import { registerHealthRoutes } from './health.js';
import { registerKeyRoutes } from './keys.js';
import { registerWebhookRoutes } from './webhooks.js';
import { registerPlatformRoutes } from './platforms.js';
import { registerRenderRoutes } from './renders.js';
import { registerPostRoutes } from './posts.js';
import { registerPublicPostRoutes } from './public-posts.js';
import { registerClipRoutes } from './clips.js';
import { registerAppPages } from './app-pages.js';
import { registerUploadRoutes } from './uploads.js';
import { registerObjectRoutes } from './objects.js';

/** Every route of the daemon, one register function per resource. */
export function buildRouter(): Router {
  const router = new Router();
  registerHealthRoutes(router);
  registerKeyRoutes(router);
  registerWebhookRoutes(router);
  registerPlatformRoutes(router);
  registerRenderRoutes(router);
  registerPostRoutes(router);
  registerPublicPostRoutes(router);
  registerClipRoutes(router);
  registerAppPages(router);
  registerUploadRoutes(router);
  registerObjectRoutes(router);
  return router;
}
