import { Router } from './router.js';
import { registerHealthRoutes } from './health.js';
import { registerKeyRoutes } from '../resources/keys/routes.js';
import { registerWebhookRoutes } from '../resources/webhooks/routes.js';
import { registerPlatformRoutes } from '../resources/platforms/routes.js';
import { registerRenderRoutes } from '../resources/renders/routes.js';
import { registerPostRoutes } from '../resources/posts/routes.js';
import { registerPublicPostRoutes } from '../resources/posts/public-routes.js';
import { registerClipRoutes } from '../resources/clip-jobs/routes.js';
import { registerAppPages } from '../web/routes.js';
import { registerUploadRoutes } from '../resources/uploads/routes.js';
import { registerObjectRoutes } from '../objects/routes.js';

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
