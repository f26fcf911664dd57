import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../src/api/errors.js';
import type { Router } from '../server/router.js';
import type { Registry } from './registry.js';

/**
 * GET /metrics (issue 31, item 1): the Prometheus text format, on API and worker processes alike.
 * Outside /v1, so no API key and no request-rate count; with `metrics.token_env` set it needs
 * `Authorization: Bearer <that token>`, compared in constant time.
 */
export function registerMetricsRoute(router: Router, registry: Registry, token: string | undefined): void {
  router.get('/metrics', { auth: 'none' }, async (ctx) => {
    if (token !== undefined) {
      const given = /^Bearer\s+(.+)$/i.exec(ctx.req.headers.authorization ?? '')?.[1]?.trim() ?? '';
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        throw new ApiError('UNAUTHORIZED', 'GET /metrics needs Authorization: Bearer <the token in the environment variable metrics.token_env names>');
      }
    }
    const text = await registry.expose();
    ctx.res.statusCode = 200;
    ctx.res.setHeader('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    ctx.res.setHeader('Content-Length', Buffer.byteLength(text));
    ctx.res.end(ctx.method === 'HEAD' ? undefined : text);
    return undefined;
  });
}

/** The token /metrics requires: the value of the variable `metrics.token_env` names, if any. */
export function metricsToken(tokenEnv: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!tokenEnv) return undefined;
  const value = env[tokenEnv];
  if (!value) throw new Error(`metrics.token_env names ${tokenEnv}, which is not set: set it, or remove metrics.token_env to leave /metrics open`);
  return value;
}
