import { ConnectorError } from '../connector.js';
import type { PublishRequest } from '../connector.js';
import { excerpt, retryAfterMs, send, withToken, type PlatformAnswer } from '../http.js';
import { tiktokApi } from './oauth.js';

/** TikTok's answer envelope: `{data, error: {code, message, log_id}}`, `code` "ok" on success. */
export interface TikTokAnswer<T> {
  data?: T;
  error?: { code?: string; message?: string; log_id?: string };
}

/** Error codes that end the post (Content Posting API reference, "Error codes"), with what to do. */
const FINAL: Record<string, string> = {
  spam_risk_too_many_posts: 'the account reached its daily post cap; publish it again tomorrow',
  spam_risk_user_banned_from_posting: 'TikTok has banned this account from posting',
  reached_active_user_cap: "the app's daily quota of posting users is used up; publish it again tomorrow",
  unaudited_client_can_only_post_to_private_accounts:
    'an app TikTok has not audited may only post privately: set the post\'s privacy_level to SELF_ONLY, or connect with --setting post_mode=inbox to send drafts to the inbox',
  privacy_level_option_mismatch: "the post's privacy_level is not one the account allows",
  scope_not_authorized: 'the connection lacks a scope this needs (direct posting needs video.publish): connect again',
  url_ownership_unverified: 'the source URL is not verified for the app',
};
/** TikTok's limits are per minute of each token; without Retry-After, a minute. */
const RATE_WINDOW_MS = 60_000;

/** `refused` for withToken: TikTok says a token is bad with 401 and/or `access_token_invalid`. */
export const tokenRefused = (a: PlatformAnswer) => a.status === 401 || a.json<TikTokAnswer<unknown>>().error?.code === 'access_token_invalid';

/** A JSON POST to the Content Posting API with the connection's token; the `data` of an "ok" answer. */
export async function tiktokPost<T>(req: PublishRequest, path: string, body: unknown, what: string): Promise<T> {
  const url = `${tiktokApi(req.connection.settings)}${path}`;
  const a = await withToken(req.auth, 'TikTok', (token) =>
    send('TikTok', url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body), signal: req.signal }),
  tokenRefused);
  const t = a.json<TikTokAnswer<T>>();
  if (a.status === 200 && (t.error?.code ?? 'ok') === 'ok' && t.data) return t.data;
  throw tiktokError(a, t, what, req.now());
}

export function tiktokError(a: PlatformAnswer, t: TikTokAnswer<unknown>, what: string, now: number): ConnectorError {
  const code = t.error?.code ?? `HTTP ${a.status}`;
  const message = `TikTok answered ${a.status} ${what} (${code}): ${t.error?.message || excerpt(a.text)}`;
  if (FINAL[code]) return new ConnectorError(`${message}. ${FINAL[code][0].toUpperCase()}${FINAL[code].slice(1)}`, false);
  if (code === 'rate_limit_exceeded' || a.status === 429) return new ConnectorError(message, true, { retryAfterMs: retryAfterMs(a, now) ?? RATE_WINDOW_MS });
  return new ConnectorError(message, a.status >= 500 || code === 'internal_error');
}
