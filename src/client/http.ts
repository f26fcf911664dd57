import type { Dispatcher } from 'undici';
import { ClientError } from './errors.js';
import { exchange, fetchExchange, type Answer } from './transport.js';

export interface Credentials {
  apiKey?: string;
  token?: string;
}

export interface HttpOptions extends Credentials {
  baseUrl: string;
  /** Retries of 5xx and network errors (exponential backoff), and of 429 (after Retry-After). */
  maxRetries?: number;
  /** Base backoff in ms for 5xx and network errors: base, 2x, 4x... */
  backoffMs?: number;
  /** Longest wait honoured for a Retry-After before giving up. */
  maxRetryAfterSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called before each retry (the CLI shows it on stderr). */
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
  userAgent?: string;
  /** Send through this undici dispatcher (a proxy agent, say) instead of Node's http module. */
  dispatcher?: Dispatcher;
  /**
   * Send with this `fetch` (issue 18: browsers, Deno, workers). Default: the global `fetch` where
   * there is no Node (a browser), Node's http module in Node.
   */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /**
   * false for calls whose retry would repeat a side effect (POST /v1/clips allocates a new job on
   * every call: spec "Errors", rule 3). 429 answers are still retried: they did nothing.
   */
  idempotent?: boolean;
  headers?: Record<string, string>;
}

export interface HttpResponse<T> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** JSON over HTTP with the spec's auth headers, retry and Retry-After rules. */
export class HttpClient {
  readonly baseUrl: string;
  constructor(private opts: HttpOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  authHeader(): string | undefined {
    if (this.opts.token) return `Bearer ${this.opts.token}`;
    if (this.opts.apiKey) return `Key ${this.opts.apiKey}`;
    return undefined;
  }

  async send<T>(method: string, path: string, o: RequestOptions = {}): Promise<HttpResponse<T>> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.opts.userAgent ?? 'clipper-cli', ...o.headers };
    const auth = this.authHeader();
    if (auth) headers.authorization = auth;
    let payload: string | undefined;
    if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const maxRetries = this.opts.maxRetries ?? 4;
    const sleep = this.opts.sleep ?? defaultSleep;
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let resHeaders: HttpResponse<T>['headers'] = {};
      let text = '';
      try {
        const res = await this.exchange(url, method, headers, payload);
        status = res.status;
        resHeaders = res.headers;
        text = res.text;
      } catch (e) {
        const err = new ClientError(0, 'NETWORK_ERROR', `Could not reach ${this.baseUrl}: ${(e as Error).message}`);
        // Issue 13, item 14: nothing listens on a local address; waiting will not change that.
        if (o.idempotent === false || attempt >= maxRetries || refusedLocally(e, url)) throw err;
        await this.wait(sleep, attempt, this.backoff(attempt), err.message);
        continue;
      }
      const body = parseJson(text);
      if (status < 400) return { status, headers: resHeaders, body: body as T };
      const err = toClientError(status, body, text, resHeaders);
      if (status === 429 && attempt < maxRetries && (err.retryAfterSeconds ?? 1) <= (this.opts.maxRetryAfterSeconds ?? 120)) {
        await this.wait(sleep, attempt, (err.retryAfterSeconds ?? 1) * 1000, err.code);
        continue;
      }
      if (retryableStatus(status) && o.idempotent !== false && attempt < maxRetries) {
        await this.wait(sleep, attempt, this.backoff(attempt), `${status} ${err.code}`);
        continue;
      }
      throw err;
    }
  }

  /** See transport.ts for why undici is loaded only when a dispatcher is given. */
  private async exchange(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
    const viaFetch = this.opts.fetch ?? (typeof process === 'undefined' || !process.versions?.node ? globalThis.fetch : undefined);
    if (viaFetch) return fetchExchange(viaFetch, url, method, headers, body);
    if (!this.opts.dispatcher) return exchange(url, { method, headers, body });
    const { request } = await import('undici');
    const res = await request(url, { method: method as Dispatcher.HttpMethod, headers, body, dispatcher: this.opts.dispatcher });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  }

  async call<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    return (await this.send<T>(method, path, o)).body;
  }

  private backoff(attempt: number): number {
    return (this.opts.backoffMs ?? 500) * 2 ** attempt;
  }

  private async wait(sleep: (ms: number) => Promise<void>, attempt: number, waitMs: number, reason: string) {
    this.opts.onRetry?.({ attempt: attempt + 1, waitMs, reason });
    await sleep(waitMs);
  }
}

/**
 * Spec "Errors", rule 1: "5xx are retried with exponential backoff". 501 Not Implemented and 505
 * are answers about the request itself (a server that is not this API), so a retry cannot help.
 */
export const retryableStatus = (status: number) => status >= 500 && status !== 501 && status !== 505;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$/i;

/** Connection refused by a loopback address: no server runs there. */
export function refusedLocally(e: unknown, url: URL): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'ECONNREFUSED' && LOOPBACK.test(url.hostname);
}

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toClientError(status: number, body: unknown, text: string, headers: HttpResponse<unknown>['headers']): ClientError {
  const env = (body as { error?: { code?: string; message?: string; details?: unknown; retry_after_seconds?: number } })?.error;
  const header = Number(headers['retry-after']);
  const retryAfter = env?.retry_after_seconds ?? (Number.isFinite(header) && header > 0 ? header : undefined);
  if (env?.code) return new ClientError(status, env.code, env.message ?? env.code, env.details ?? null, retryAfter, body);
  const code = status >= 500 && retryableStatus(status) ? 'INTERNAL_ERROR' : 'HTTP_ERROR';
  return new ClientError(status, code, `HTTP ${status}: ${describeForeignBody(text, headers)}`, null, retryAfter, body);
}

/**
 * What a body without the API's error envelope says, in one line (issue 13, item 14: a web
 * server's HTML page is not dumped): an HTML page by its title, other text cut at 200 characters.
 */
export function describeForeignBody(text: string, headers: HttpResponse<unknown>['headers']): string {
  const type = String(headers['content-type'] ?? '');
  if (/html/i.test(type) || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
    return `an HTML page${title ? ` ("${title.slice(0, 80)}")` : ''} instead of the API's JSON: not a clipper API at this address`;
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat ? flat.slice(0, 200) : '(empty answer)';
}
