import { daemonInstance, INSTANCE_HEADER } from '../../src/util/daemon-instance.js';
import type { Router } from './router.js';

/**
 * GET /healthz answers without auth, with `body`; its Clipper-Instance
 * header says which data dir this process serves (src/util/daemon-instance.ts).
 */
export function registerHealthz(router: Router, dataDir: () => string, body: Record<string, unknown> = { ok: true }): void {
  let instance: string | undefined; // read at the first request: registration touches nothing
  router.get('/healthz', { auth: 'none' }, () => {
    instance ??= daemonInstance(dataDir(), process.pid) ?? '';
    return { status: 200, body, headers: { [INSTANCE_HEADER]: instance } };
  });
}

/** /healthz and GET /v1/ping, which checks a credential. */
export function registerHealthRoutes(router: Router, dataDir: () => string): void {
  registerHealthz(router, dataDir);
  router.get('/v1/ping', { auth: 'any' }, (ctx) => ({
    status: 200,
    body: { ok: true, team_id: ctx.principal.teamId, auth: ctx.principal.kind },
  }));
}
