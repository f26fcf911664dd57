import { ConnectorError, GrantLostError } from '../connectors/connector.js';
import { excerpt, retryAfterMs, send } from '../connectors/http.js';
import type { TokenGrant } from './provider.js';

/** RFC 6749 section 5.2 error codes that mean the user's grant is gone (revoked, expired, used). */
const GRANT_LOST = new Set(['invalid_grant']);
/** The app itself was refused: its client id or secret is wrong, or it may not use this grant. */
const APP_REFUSED = new Set(['invalid_client', 'unauthorized_client', 'unsupported_grant_type']);

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  refresh_expires_in?: number | string;
  refresh_token_expires_in?: number | string;
  scope?: string;
  open_id?: string;
  error?: string | { code?: string; message?: string };
  error_description?: string;
}

const seconds = (v: number | string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v) * 1000);

/**
 * A token request to an RFC 6749 token endpoint (`application/x-www-form-urlencoded` POST,
 * JSON answer): the authorization-code exchange and the refresh of Google, TikTok and LinkedIn.
 * `expires_in` becomes an absolute `expires_at` on the daemon's clock. An `invalid_grant`
 * answer is a GrantLostError (the connection needs to be made again); a refused app, another
 * 4xx or a malformed answer is permanent; 429 and 5xx are retryable.
 */
export async function tokenRequest(platform: string, url: string, form: Record<string, string | undefined>, now: number, signal?: AbortSignal): Promise<TokenGrant> {
  const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const a = await send(platform, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body, signal });
  const t = a.json<TokenAnswer>();
  if (a.status >= 200 && a.status < 300 && t.access_token && !t.error) {
    const refreshIn = seconds(t.refresh_expires_in ?? t.refresh_token_expires_in);
    const expiresIn = seconds(t.expires_in);
    return {
      access_token: t.access_token,
      ...(t.refresh_token ? { refresh_token: t.refresh_token } : {}),
      ...(expiresIn !== undefined ? { expires_at: now + expiresIn } : {}),
      ...(refreshIn !== undefined ? { refresh_expires_at: now + refreshIn } : {}),
      ...(t.scope ? { scope: t.scope } : {}),
      ...(t.open_id ? { extra: { open_id: t.open_id } } : {}),
    };
  }
  const code = typeof t.error === 'string' ? t.error : t.error?.code;
  const description = t.error_description ?? (typeof t.error === 'object' ? t.error.message : undefined) ?? excerpt(a.text);
  const what = `${code ?? `HTTP ${a.status}`}${description ? `: ${description}` : ''}`;
  if (code && GRANT_LOST.has(code)) throw new GrantLostError(`${platform} no longer accepts this connection's grant (${what})`);
  if (code && APP_REFUSED.has(code)) throw new ConnectorError(`${platform} refused the app's credentials (${what}); check its client id and secret`, false);
  if (a.status === 429 || a.status >= 500) throw new ConnectorError(`${platform}'s token endpoint answered ${a.status} (${what})`, true, { retryAfterMs: retryAfterMs(a, now) });
  throw new ConnectorError(`${platform}'s token endpoint refused the request (${what})`, false);
}

/** `base` (a connection's `oauth_base_url` / `api_base_url` setting) or the platform's own URL. */
export function baseUrl(settings: Record<string, unknown>, key: 'oauth_base_url' | 'api_base_url', fallback: string): string {
  const v = settings[key];
  return (typeof v === 'string' && v ? v : fallback).replace(/\/+$/, '');
}
