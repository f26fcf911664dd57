import type { IncomingMessage, ServerResponse } from 'node:http';

/** 'session': the web pages' cookie (issue 16). */
export type AuthKind = 'api_key' | 'jwt' | 'session';
export interface Principal {
  teamId: string;
  kind: AuthKind;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request as a handler sees it: no application object, only the request itself. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Set on routes that require authentication. */
  principal: Principal;
  /** The request body parsed as JSON ({} when empty); 400 on bad JSON or content type. */
  json(): Promise<unknown>;
}

/**
 * A handler returns a Reply to be sent as JSON, or `undefined` when it has written the
 * response itself (object downloads, web pages).
 */
export type Handler = (ctx: RequestContext) => Promise<Reply | undefined> | Reply | undefined;

export interface RouteOptions {
  /** 'none': public (health, signed object URLs, pages); 'any': key or JWT; 'jwt': JWT only. */
  auth: 'none' | 'any' | 'jwt';
  /**
   * Marks a status-check endpoint (spec "Status-check limits"): returns the key of the job,
   * render or post being checked.
   */
  statusCheck?: (params: Record<string, string>) => string;
}

interface Route extends RouteOptions {
  method: string;
  /** As registered: `/v1/clips/:jobId`. */
  pattern: string;
  segments: string[];
  handler: Handler;
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** Path patterns like `/v1/clips/:jobId`; a `*` last segment takes the rest of the path. */
export class Router {
  private routes: Route[] = [];

  add(method: string, pattern: string, options: RouteOptions, handler: Handler): this {
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), handler, ...options });
    return this;
  }
  get(p: string, o: RouteOptions, h: Handler) { return this.add('GET', p, o, h); }
  post(p: string, o: RouteOptions, h: Handler) { return this.add('POST', p, o, h); }
  put(p: string, o: RouteOptions, h: Handler) { return this.add('PUT', p, o, h); }
  patch(p: string, o: RouteOptions, h: Handler) { return this.add('PATCH', p, o, h); }
  delete(p: string, o: RouteOptions, h: Handler) { return this.add('DELETE', p, o, h); }

  /** Every route as registered (the OpenAPI document is checked against this list: issue 18). */
  list(): Array<{ method: string; pattern: string; auth: RouteOptions['auth']; statusCheck: boolean }> {
    return this.routes.map((r) => ({ method: r.method, pattern: r.pattern, auth: r.auth, statusCheck: !!r.statusCheck }));
  }

  /** The matching route, or whether the path exists with another method (for the message). */
  match(method: string, path: string): Match | { pathExists: boolean } {
    const parts = path.split('/').filter(Boolean);
    let pathExists = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params };
      pathExists = true;
    }
    return { pathExists };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i];
    if (seg === '*') {
      params['*'] = parts.slice(i).map(safeDecode).join('/');
      return parts.length > i ? params : undefined;
    }
    if (i >= parts.length) return undefined;
    if (seg.startsWith(':')) params[seg.slice(1)] = safeDecode(parts[i]);
    else if (seg !== parts[i]) return undefined;
  }
  return parts.length === pattern.length ? params : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
