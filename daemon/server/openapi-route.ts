import type { Router } from './router.js';
import { openApiDocument } from '../../src/api/openapi/document.js';

/** Issue 18, item 1: the OpenAPI document "served by the daemon at GET /v1/openapi.json (no auth)". */
export function registerOpenApiRoute(router: Router): void {
  router.get('/v1/openapi.json', { auth: 'none' }, () => ({ status: 200, body: openApiDocument() }));
}
