import type { Dispatcher } from 'undici';
import { ClientError } from './errors.js';
import { exchange, type Answer } from './transport.js';

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
        if (o.idempotent === false || attempt >= maxRetries) throw err;
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
      if (status >= 500 && o.idempotent !== false && attempt < maxRetries) {
        await this.wait(sleep, attempt, this.backoff(attempt), `${status} ${err.code}`);
        continue;
      }
      throw err;
    }
  }

  /** See transport.ts for why undici is loaded only when a dispatcher is given. */
  private async exchange(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
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
  return new ClientError(status, status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR', `HTTP ${status}: ${text.slice(0, 200)}`, null, retryAfter, body);
}
