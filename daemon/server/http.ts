import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailableOf } from '../store/unavailable.js';
import { ApiError } from '../../src/api/errors.js';
import { addLogContext, withLogContext, type Logger } from '../log.js';
import { idFields } from '../log-ids.js';
import { metrics } from '../metrics/instruments.js';
import { requestIdOf } from './request-id.js';
import { diskFullMessage, diskFullOf } from '../domain/disk-full.js';
import { REQUEST_OBJECT_BUDGET_MS, withObjectBudget } from '../objects/call-budget.js';
import { OBJECTS_UNAVAILABLE_MESSAGE, objectsUnavailableOf } from '../objects/object-store.js';
import { authenticate, type AuthDeps } from './auth.js';
import { readJsonBody } from './body.js';
import { RateLimitedError, type RateLimiter, type RateState } from './rate-limit.js';
import type { Principal, Reply, RequestContext, Router } from './router.js';

/** Sends a JSON reply; every response of the API goes through here or sendError(). */
export function sendJson(res: ServerResponse, reply: Reply, req?: IncomingMessage): void {
  if (res.headersSent) return;
  const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.statusCode = reply.status;
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  if (body) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req?.method === 'HEAD' ? undefined : body);
}

function rateHeaders(state: RateState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(state.resetSeconds),
  };
}

function errorReply(err: ApiError, headers: Record<string, string> = {}): Reply {
  const h = { ...headers };
  if (err.retryAfterSeconds !== undefined) h['Retry-After'] = String(err.retryAfterSeconds);
  return { status: err.status, body: err.toEnvelope(), headers: h };
}

/**
 * What the HTTP layer needs. The limiter is read on every request (tests swap it for looser or
 * stricter limits on a running daemon).
 */
export interface HttpDeps {
  auth: AuthDeps;
  limiter: RateLimiter;
  log: Logger;
  maxJsonBodyBytes: number;
}

/**
 * One request through the fixed order: route -> authentication -> request rate -> status-check
 * limits -> handler. Every failure, at any step, answers in the spec's error envelope.
 */
async function dispatch(app: HttpDeps, router: Router, req: IncomingMessage, res: ServerResponse, observe: Observed): Promise<void> {
  let rate: RateState | undefined;
  let principal: Principal | undefined;
  let statusKey: string | undefined;
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const m = router.match(method, url.pathname);
    if (!('route' in m)) {
      throw new ApiError('NOT_FOUND', m.pathExists ? `${method} is not supported on ${url.pathname}` : `No such endpoint: ${method} ${url.pathname}`);
    }
    const { route, params } = m;
    observe.route = route.pattern;
    addLogContext(idFields(...Object.values(params)));
    if (route.auth !== 'none') {
      principal = await authenticate(app.auth, req, route.auth);
      addLogContext({ team_id: principal.teamId });
      rate = await app.limiter.hit(principal.teamId);
      if (route.statusCheck) {
        statusKey = route.statusCheck(params);
        await app.limiter.statusCheck(principal.teamId, statusKey);
      }
    }
    let bodyPromise: Promise<unknown> | undefined;
    const ctx: RequestContext = {
      req,
      res,
      method,
      path: url.pathname,
      params,
      query: url.searchParams,
      principal: principal as Principal,
      json: () => (bodyPromise ??= readJsonBody(req, app.maxJsonBodyBytes)),
    };
    // Every object-store call of a /v1 request shares one budget: the envelope comes in time.
    const reply = url.pathname.startsWith('/v1/') ? await withObjectBudget(REQUEST_OBJECT_BUDGET_MS, async () => await route.handler(ctx)) : await route.handler(ctx);
    if (reply) sendJson(res, { ...reply, headers: { ...(rate ? rateHeaders(rate) : {}), ...reply.headers } }, req);
  } catch (e) {
    let err: ApiError;
    if (e instanceof RateLimitedError) {
      metrics.rateLimited.inc({ limit: e.apiError.code === 'RATE_LIMITED' ? 'requests' : 'status_checks' });
      rate = e.state;
      err = e.apiError;
    } else if (e instanceof ApiError && !(e.code === 'INTERNAL_ERROR' && diskFullOf(e.details ?? e.message))) {
      err = e;
    } else if (objectsUnavailableOf(e)) {
      // A frozen or unreachable object store: the envelope says so within the calls' deadlines.
      app.log.warn('object store did not answer', { error: (e as Error)?.message ?? String(e), url: req.url });
      err = new ApiError('INTERNAL_ERROR', OBJECTS_UNAVAILABLE_MESSAGE);
    } else if (diskFullOf(e)) {
      // Issue 31, item 4: say what is full, in the spec's envelope (INTERNAL_ERROR: retry with backoff).
      app.log.error('disk full', { which: diskFullOf(e), error: (e as Error)?.message ?? String(e), url: req.url });
      err = new ApiError('INTERNAL_ERROR', diskFullMessage(diskFullOf(e)!));
    } else if (databaseUnavailableOf(e)) {
      // A database that does not answer: the envelope within the statement timeout, no detail.
      app.log.error('database did not answer', { error: (e as Error)?.message ?? String(e), url: req.url });
      err = new ApiError('INTERNAL_ERROR', DATABASE_UNAVAILABLE_MESSAGE);
    } else {
      app.log.error('unhandled error', { error: (e as Error)?.stack ?? String(e), url: req.url });
      err = new ApiError('INTERNAL_ERROR', 'Internal error; safe to retry with backoff');
    }
    if (err.code === 'NOT_FOUND' && statusKey && principal) await app.limiter.recordNotFound(principal.teamId).catch((e: unknown) => app.log.warn('could not count a not-found status check', { error: String(e) }));
    // Rate headers on every counted response, limited ones included (spec "Request rate", rule 2).
    const headers = rate ? rateHeaders(rate) : {};
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Drain an unread request body so the connection can be reused.
    if (!req.readableEnded) req.resume();
    sendJson(res, errorReply(err, headers), req);
  }
}

/** What the request's metrics are labelled with, learnt as it goes through dispatch(). */
interface Observed {
  route?: string;
}

/**
 * Every request gets an id (the caller's `X-Request-Id` when it is a sane one), returned as
 * `X-Request-Id` and carried by every log line written while it runs (issue 31, item 2); its
 * route pattern, status and time are counted for /metrics (item 1) and logged when it ends.
 */
function handle(app: HttpDeps, router: Router, req: IncomingMessage, res: ServerResponse): void {
  const requestId = requestIdOf(req);
  const started = performance.now();
  const observe: Observed = {};
  res.setHeader('X-Request-Id', requestId);
  withLogContext({ request_id: requestId }, () => {
    res.once('close', () => {
      const route = observe.route ?? 'unmatched';
      const method = (req.method ?? 'GET').toUpperCase();
      const seconds = (performance.now() - started) / 1000;
      metrics.httpRequests.inc({ route, method, status: String(res.statusCode) });
      metrics.httpSeconds.observe({ route, method }, seconds);
      if (route !== '/metrics' && route !== '/healthz' && route !== '/readyz') app.log.info('request', { method, route, status: res.statusCode, duration_ms: Math.round(seconds * 1000) });
    });
    void dispatch(app, router, req, res, observe);
  });
}

export function createHttpServer(app: HttpDeps, router: Router): Server {
  const server = createServer((req, res) => handle(app, router, req, res));
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 0; // large uploads stream for a long time
  server.headersTimeout = 60_000;
  return server;
}
