import { ConnectorError } from '../connector.js';
import { excerpt, send } from '../http.js';
import { baseUrl, tokenRequest } from '../../oauth/token-endpoint.js';
import type { OAuthProvider } from '../../oauth/provider.js';

/**
 * LinkedIn's OAuth 2.0 (learn.microsoft.com/linkedin/shared/authentication): consent at
 * www.linkedin.com/oauth/v2/authorization; for a native app, PKCE with a loopback redirect
 * (`http://127.0.0.1:{port}`, once LinkedIn has enabled PKCE for the app; "authorization-code-
 * flow-native"), else the redirect URL registered for the app; tokens at /oauth/v2/accessToken
 * (60 days; refresh tokens only for apps LinkedIn approved for programmatic refresh); revocation
 * at /oauth/v2/revoke. Scopes: `openid profile` (who connected, /v2/userinfo) and
 * `w_member_social` (posting as the member).
 */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'];
const oauthBase = (s: Record<string, unknown>) => baseUrl(s, 'oauth_base_url', 'https://www.linkedin.com');
export const linkedinApi = (s: Record<string, unknown>) => baseUrl(s, 'api_base_url', 'https://api.linkedin.com');

export const linkedinOAuth: OAuthProvider = {
  challenge: 'base64url',
  secretRequired: false,

  authorizationUrl({ app, settings, redirectUri, state, codeChallenge }) {
    const q = new URLSearchParams({
      response_type: 'code', client_id: app.clientId, redirect_uri: redirectUri, state, scope: LINKEDIN_SCOPES.join(' '),
      code_challenge: codeChallenge, code_challenge_method: 'S256',
    });
    return `${oauthBase(settings)}/oauth/v2/authorization?${q}`;
  },

  exchangeCode({ app, settings, now, code, redirectUri, codeVerifier }) {
    return tokenRequest('LinkedIn', `${oauthBase(settings)}/oauth/v2/accessToken`, {
      grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, code_verifier: codeVerifier,
    }, now);
  },

  refresh({ app, settings, now, refreshToken }) {
    return tokenRequest('LinkedIn', `${oauthBase(settings)}/oauth/v2/accessToken`, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId, client_secret: app.clientSecret }, now);
  },

  /** OpenID Connect userinfo: `sub` makes the member's URN, the author of the posts. */
  async identify({ settings, grant }) {
    const a = await send('LinkedIn', `${linkedinApi(settings)}/v2/userinfo`, { headers: { authorization: `Bearer ${grant.access_token}` } });
    const user = a.json<{ sub?: string; name?: string }>();
    if (a.status !== 200 || !user.sub) throw new ConnectorError(`LinkedIn answered ${a.status} when asked who connected: ${excerpt(a.text)}`, a.status >= 500);
    return { account_name: user.name ?? user.sub, account: { person_urn: `urn:li:person:${user.sub}` } };
  },

  async revoke({ app, settings, credentials }) {
    const form = new URLSearchParams({ client_id: app.clientId, ...(app.clientSecret ? { client_secret: app.clientSecret } : {}), token: credentials.access_token });
    const a = await send('LinkedIn', `${oauthBase(settings)}/oauth/v2/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    if (a.status === 200) return;
    throw new ConnectorError(`LinkedIn answered ${a.status} to the revocation: ${excerpt(a.text)}`, a.status >= 500);
  },
};
