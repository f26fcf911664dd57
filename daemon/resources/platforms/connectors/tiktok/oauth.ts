import { ConnectorError } from '../connector.js';
import { excerpt, send } from '../http.js';
import { baseUrl, tokenRequest } from '../../oauth/token-endpoint.js';
import type { OAuthProvider } from '../../oauth/provider.js';

/**
 * TikTok's Login Kit for Desktop (developers.tiktok.com/doc/login-kit-desktop): consent at
 * www.tiktok.com/v2/auth/authorize/ with `client_key`, comma-separated scopes and PKCE whose
 * challenge is the hex SHA-256 of the verifier; the redirect URI must be registered, on
 * localhost or 127.0.0.1, with a port (a `*` port is allowed). Tokens at
 * open.tiktokapis.com/v2/oauth/token/ (access for 24 h, refresh tokens for a year, both renewed
 * by a refresh); revocation at /v2/oauth/revoke/. `oauth_base_url` replaces the consent host,
 * `api_base_url` the API host.
 */
export const tiktokApi = (s: Record<string, unknown>) => baseUrl(s, 'api_base_url', 'https://open.tiktokapis.com');
const consentBase = (s: Record<string, unknown>) => baseUrl(s, 'oauth_base_url', 'https://www.tiktok.com');

/** Posting straight to the profile needs `video.publish`; sending to the inbox needs `video.upload`. */
export const tiktokScopes = (s: Record<string, unknown>) =>
  ['user.info.basic', 'user.info.profile', 'video.upload', ...(s.post_mode === 'direct' ? ['video.publish'] : [])];

export const tiktokOAuth: OAuthProvider = {
  challenge: 'hex',
  secretRequired: true,

  authorizationUrl({ app, settings, redirectUri, state, codeChallenge }) {
    const q = new URLSearchParams({
      client_key: app.clientId, scope: tiktokScopes(settings).join(','), response_type: 'code', redirect_uri: redirectUri, state,
      code_challenge: codeChallenge, code_challenge_method: 'S256',
    });
    return `${consentBase(settings)}/v2/auth/authorize/?${q}`;
  },

  exchangeCode({ app, settings, now, code, redirectUri, codeVerifier }) {
    return tokenRequest('TikTok', `${tiktokApi(settings)}/v2/oauth/token/`, {
      client_key: app.clientId, client_secret: app.clientSecret, code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: codeVerifier,
    }, now);
  },

  refresh({ app, settings, now, refreshToken }) {
    return tokenRequest('TikTok', `${tiktokApi(settings)}/v2/oauth/token/`, { client_key: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  },

  /** /v2/user/info/: the @username (user.info.profile) names the connection and makes profile links. */
  async identify({ settings, grant }) {
    const a = await send('TikTok', `${tiktokApi(settings)}/v2/user/info/?fields=open_id,display_name,username`, { headers: { authorization: `Bearer ${grant.access_token}` } });
    const user = a.json<{ data?: { user?: { open_id?: string; display_name?: string; username?: string } } }>().data?.user;
    if (a.status !== 200 || !user) throw new ConnectorError(`TikTok answered ${a.status} when asked who connected: ${excerpt(a.text)}`, a.status >= 500);
    const account: Record<string, string> = {};
    if (user.open_id) account.open_id = user.open_id;
    if (user.username) account.username = user.username;
    return { account_name: user.username ? `@${user.username}` : (user.display_name ?? 'TikTok account'), account };
  },

  async revoke({ app, settings, credentials }) {
    const form = new URLSearchParams({ client_key: app.clientId, client_secret: app.clientSecret ?? '', token: credentials.access_token });
    const a = await send('TikTok', `${tiktokApi(settings)}/v2/oauth/revoke/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    if (a.status === 200 && !a.json<{ error?: unknown }>().error) return;
    throw new ConnectorError(`TikTok answered ${a.status} to the revocation: ${excerpt(a.text)}`, a.status >= 500);
  },
};
