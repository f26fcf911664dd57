import { ConnectorError } from '../connector.js';
import { excerpt, header, send, withToken, type PlatformAnswer, type SendOptions } from '../http.js';
import type { ConnectionAuth } from '../../credentials.js';
import { baseUrl } from '../../oauth/token-endpoint.js';

/** The Graph API version the connector speaks; a connection's `graph_version` setting changes it. */
export const GRAPH_VERSION = 'v21.0';
export const graphBase = (s: Record<string, unknown>) => `${baseUrl(s, 'api_base_url', 'https://graph.facebook.com')}/${typeof s.graph_version === 'string' ? s.graph_version : GRAPH_VERSION}`;

/** A Graph API error: `{error: {message, type, code, error_subcode, fbtrace_id}}`. */
interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; error_user_msg?: string };
}

/** 190: the access token is invalid, expired or its grant revoked (OAuthException). */
export const tokenRefused = (a: PlatformAnswer) => a.status >= 400 && a.json<GraphError>().error?.code === 190;
/** Throttling codes (Graph API "Rate Limiting" and error code reference): app, user, page, business use case. */
const THROTTLED = new Set([4, 17, 32, 613, 80001, 80002]);
/** Content publishing: "reached the maximum number of posts in 24 hours" (code 9, subcode 2207042). */
const DAILY_LIMIT = 2207042;

/**
 * When the throttle lifts: `X-Business-Use-Case-Usage` (or `X-App-Usage`) carries
 * `estimated_time_to_regain_access` in minutes; without it, fifteen minutes.
 */
function regainMs(a: PlatformAnswer): number {
  for (const name of ['x-business-use-case-usage', 'x-app-usage']) {
    try {
      const usage = JSON.parse(header(a, name) ?? 'null') as unknown;
      const entries = Array.isArray(usage) ? usage : usage && typeof usage === 'object' ? Object.values(usage).flat() : [];
      const minutes = Math.max(0, ...entries.map((e) => Number((e as { estimated_time_to_regain_access?: number }).estimated_time_to_regain_access ?? 0)));
      if (minutes > 0) return minutes * 60_000;
    } catch {
      /* not JSON: ignore */
    }
  }
  return 15 * 60_000;
}

export function graphError(a: PlatformAnswer, what: string): ConnectorError {
  const e = a.json<GraphError>().error;
  const code = e?.code;
  const message = `Instagram answered ${a.status} ${what}${code !== undefined ? ` (code ${code}${e?.error_subcode ? `/${e.error_subcode}` : ''})` : ''}: ${e?.error_user_msg ?? e?.message ?? excerpt(a.text)}`;
  if (e?.error_subcode === DAILY_LIMIT) return new ConnectorError(`${message}. The account's posts for the last 24 hours are used up; publish it again tomorrow`, false);
  if ((code !== undefined && THROTTLED.has(code)) || a.status === 429) return new ConnectorError(message, true, { retryAfterMs: regainMs(a) });
  return new ConnectorError(message, a.status >= 500 || code === 1 || code === 2);
}

/** A Graph API call with the connection's token (in the query, as the API takes it), JSON back. */
export async function graph<T>(auth: ConnectionAuth, settings: Record<string, unknown>, method: 'GET' | 'POST', path: string, params: Record<string, string>, what: string, signal?: AbortSignal): Promise<T> {
  const a = await withToken(auth, 'Instagram', (token) => {
    const q = new URLSearchParams({ ...params, access_token: token });
    const opts: SendOptions = method === 'GET' ? { signal } : { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: q.toString(), signal };
    return send('Instagram', method === 'GET' ? `${graphBase(settings)}${path}?${q}` : `${graphBase(settings)}${path}`, opts);
  }, tokenRefused);
  if (a.status === 200) return a.json<T>();
  throw graphError(a, what);
}
