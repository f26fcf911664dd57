import { request, type Dispatcher } from 'undici';
import type { ConnectionAuth } from '../credentials.js';
import { ConnectorError } from './connector.js';
import { parseExactJson } from './exact-json.js';

/** An answer of a platform, read whole (the APIs' bodies are small JSON). */
export interface PlatformAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /**
   * The body as JSON, or {} when it is not JSON. Integers a double cannot hold exactly (64-bit
   * ids) arrive as strings of the platform's digits (exact-json.ts): type such fields `string | number`.
   */
  json<T = Record<string, unknown>>(): T;
}

/** Longest wait for a platform's answer (a chunk of video included) before it counts as a timeout. */
const TIMEOUT_MS = 120_000;

/**
 * One HTTP call to a platform. A network failure, a dropped connection or a timeout becomes a
 * retryable ConnectorError naming the platform (issue 15: "timeouts" are retryable); an abort
 * (the daemon stopping) passes through unchanged so the task is handed back, not failed.
 */
export type SendOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & { method?: Dispatcher.HttpMethod; signal?: AbortSignal };

export async function send(platform: string, url: string, opts: SendOptions = {}): Promise<PlatformAnswer> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, { method: 'GET', headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS, ...opts });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ConnectorError(`${platform} could not be reached: ${(e as Error).message}`, true);
  }
  let text: string;
  try {
    text = await res.body.text();
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ConnectorError(`${platform} dropped the connection: ${(e as Error).message}`, true);
  }
  return {
    status: res.statusCode,
    headers: res.headers,
    text,
    json<T>() {
      try {
        return (text ? parseExactJson(text) : {}) as T;
      } catch {
        return {} as T;
      }
    },
  };
}

/** A header's one value (undici gives arrays for repeated headers). */
export const header = (a: PlatformAnswer, name: string): string | undefined => {
  const v = a.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** `Retry-After` in milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(a: PlatformAnswer, now: number): number | undefined {
  const v = header(a, 'retry-after');
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A short, single-line excerpt of a platform's answer for error messages. */
export const excerpt = (text: string, max = 300) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** 429 and 5xx are worth retrying; other refusals (bad metadata, no permission) are final. */
export function classify(platform: string, a: PlatformAnswer, what: string, now: number): ConnectorError {
  const retryable = a.status === 429 || a.status >= 500 || a.status === 408;
  return new ConnectorError(`${platform} answered ${a.status} ${what}: ${excerpt(a.text)}`, retryable, { retryAfterMs: retryAfterMs(a, now) });
}

/**
 * A call made with the connection's access token. When the platform refuses the token (401 by
 * default; `refused` tells the platform's own sign), the token is refreshed once and the call
 * made again; refused again, the grant is gone: the connection becomes `needs_reauth`.
 */
export async function withToken(
  auth: ConnectionAuth,
  platform: string,
  call: (token: string) => Promise<PlatformAnswer>,
  refused: (a: PlatformAnswer) => boolean = (a) => a.status === 401,
): Promise<PlatformAnswer> {
  const first = await call(await auth.accessToken());
  if (!refused(first)) return first;
  if (!await auth.canRefresh()) throw await auth.lost(`${platform} answered ${first.status}: it refuses the access token (${excerpt(first.text, 200)})`);
  const again = await call(await auth.accessToken({ force: true }));
  if (refused(again)) throw await auth.lost(`${platform} answered ${again.status}: it refuses the access token (${excerpt(again.text, 200)})`);
  return again;
}
