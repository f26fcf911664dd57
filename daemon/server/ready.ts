import type { ObjectStore } from '../objects/object-store.js';
import type { Store } from '../store/index.js';
import type { Router } from './router.js';

/** Each check's own limit: /readyz answers within about 2 s whatever is frozen. */
const CHECK_TIMEOUT_MS = 2000;

type Check = 'ok' | 'down';
const outcome = (check: () => Promise<void>): Promise<Check> => check().then(() => 'ok' as const, () => 'down' as const);

/**
 * GET /readyz: 200 when the database and the object store answer, else 503, both with
 * `{checks: {database, objects}}`, each "ok" or "down". Outside /v1 like /healthz (which stays
 * the liveness check) and /metrics: no credential, no request-rate count.
 */
export function registerReadyRoute(router: Router, d: { store: Pick<Store, 'ping'>; objects: Pick<ObjectStore, 'ping'> }): void {
  router.get('/readyz', { auth: 'none' }, async () => {
    const [database, objects] = await Promise.all([outcome(() => d.store.ping(CHECK_TIMEOUT_MS)), outcome(() => d.objects.ping(CHECK_TIMEOUT_MS))]);
    return { status: database === 'ok' && objects === 'ok' ? 200 : 503, body: { checks: { database, objects } } };
  });
}
