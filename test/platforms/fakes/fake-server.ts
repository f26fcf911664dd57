import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake platform's handler sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body as a form (application/x-www-form-urlencoded) or the query, whichever has fields. */
  form(): URLSearchParams;
  json<T = Record<string, any>>(): T;
  bearer(): string | undefined;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** 'drop': the connection is destroyed without an answer (a dropped connection mid-upload). */
export type Outcome = FakeReply | 'drop';
type Handler = (r: FakeRequest) => Outcome | Promise<Outcome>;

/**
 * A loopback HTTP server that a test fake of a platform builds on: routes by method and path
 * pattern, a log of the requests, and one-off faults queued by tests (`faultOnce`): a rate limit
 * with its reset, a 5xx, or a dropped connection, on the next request whose path matches.
 */
export class FakeServer {
  url = '';
  readonly log: Array<{ method: string; path: string }> = [];
  private routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  private faults: Array<{ method?: string; pattern: RegExp; outcome: Outcome | ((r: FakeRequest) => Outcome | undefined) }> = [];
  private server?: Server;

  route(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.push({ method, pattern, handler });
    return this;
  }

  /** The next request to a path matching `pattern` (and `method`) gets `outcome` instead. */
  faultOnce(pattern: RegExp, outcome: Outcome | ((r: FakeRequest) => Outcome | undefined), method?: string): void {
    this.faults.push({ pattern, outcome, method });
  }

  count(method: string, pattern: RegExp): number {
    return this.log.filter((l) => l.method === method && pattern.test(l.path)).length;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => {
      if (!this.server) return r();
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = Buffer.concat(chunks);
    const r: FakeRequest = {
      method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body,
      form: () => (body.length && !String(req.headers['content-type']).includes('json') ? new URLSearchParams(body.toString()) : url.searchParams),
      json: <T>() => JSON.parse(body.toString() || '{}') as T,
      bearer: () => /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? /^OAuth (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? url.searchParams.get('access_token') ?? r.form().get('access_token') ?? undefined,
    };
    this.log.push({ method: r.method, path: r.path });
    let outcome: Outcome | undefined;
    const fault = this.faults.findIndex((f) => f.pattern.test(r.path) && (!f.method || f.method === r.method));
    if (fault >= 0) {
      const f = this.faults[fault];
      outcome = typeof f.outcome === 'function' ? f.outcome(r) : f.outcome;
      if (outcome) this.faults.splice(fault, 1);
    }
    try {
      outcome ??= await this.dispatch(r);
    } catch (e) {
      outcome = { status: 500, body: { error: (e as Error).message } };
    }
    if (outcome === 'drop') return void req.socket.destroy();
    const json = outcome.body !== undefined && typeof outcome.body !== 'string';
    res.writeHead(outcome.status, { ...(json ? { 'content-type': 'application/json' } : {}), ...outcome.headers });
    res.end(outcome.body === undefined ? undefined : json ? jsonWithBigInts(outcome.body) : (outcome.body as string));
  }

  private dispatch(r: FakeRequest): Outcome | Promise<Outcome> {
    const route = this.routes.find((x) => x.method === r.method && x.pattern.test(r.path));
    return route ? route.handler(r) : { status: 404, body: { error: `no route ${r.method} ${r.path}` } };
  }
}

/** JSON.stringify, except a bigint is written as the bare integer literal a platform sends (64-bit ids). */
function jsonWithBigInts(body: unknown): string {
  const marker = '\u0000bigint:';
  return JSON.stringify(body, (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v}` : v)).replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
