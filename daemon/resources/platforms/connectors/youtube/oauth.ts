import { ConnectorError } from '../connector.js';
import { excerpt, send } from '../http.js';
import { baseUrl, tokenRequest } from '../../oauth/token-endpoint.js';
import type { OAuthCall, OAuthProvider, TokenGrant } from '../../oauth/provider.js';

/**
 * Google's OAuth 2.0 for installed applications (developers.google.com/identity/protocols/oauth2/
 * native-app): consent at accounts.google.com/o/oauth2/v2/auth with PKCE (S256) and a loopback
 * redirect on any port; tokens at oauth2.googleapis.com/token (Desktop clients send their secret
 * too); `access_type=offline` and `prompt=consent` so a refresh token comes back every time;
 * revocation at oauth2.googleapis.com/revoke. A connection's `oauth_base_url` replaces both hosts
 * (`<base>/o/oauth2/v2/auth`, `<base>/token`, `<base>/revoke`) for a local test server.
 */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];

const consentBase = (s: Record<string, unknown>) => baseUrl(s, 'oauth_base_url', 'https://accounts.google.com');
const tokenBase = (s: Record<string, unknown>) => baseUrl(s, 'oauth_base_url', 'https://oauth2.googleapis.com');
export const youtubeApi = (s: Record<string, unknown>) => baseUrl(s, 'api_base_url', 'https://www.googleapis.com');

export const googleOAuth: OAuthProvider = {
  challenge: 'base64url',
  secretRequired: true,

  authorizationUrl({ app, settings, redirectUri, state, codeChallenge }) {
    const q = new URLSearchParams({
      client_id: app.clientId, redirect_uri: redirectUri, response_type: 'code', scope: YOUTUBE_SCOPES.join(' '), state,
      code_challenge: codeChallenge, code_challenge_method: 'S256', access_type: 'offline', prompt: 'consent',
    });
    return `${consentBase(settings)}/o/oauth2/v2/auth?${q}`;
  },

  exchangeCode({ app, settings, now, code, redirectUri, codeVerifier }) {
    return tokenRequest('YouTube', `${tokenBase(settings)}/token`, {
      grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, code_verifier: codeVerifier,
    }, now);
  },

  refresh({ app, settings, now, refreshToken }) {
    return tokenRequest('YouTube', `${tokenBase(settings)}/token`, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId, client_secret: app.clientSecret }, now);
  },

  /** The channel of the account (channels.list with mine=true): its title names the connection. */
  async identify({ settings, grant }: OAuthCall & { grant: TokenGrant }) {
    const a = await send('YouTube', `${youtubeApi(settings)}/youtube/v3/channels?part=snippet&mine=true`, { headers: { authorization: `Bearer ${grant.access_token}` } });
    if (a.status !== 200) throw new ConnectorError(`YouTube answered ${a.status} when asked for the account's channel: ${excerpt(a.text)}`, a.status >= 500);
    const channel = a.json<{ items?: Array<{ id: string; snippet?: { title?: string; customUrl?: string } }> }>().items?.[0];
    if (!channel) throw new ConnectorError('This Google account has no YouTube channel to upload to; create one at youtube.com first', false);
    return { account_name: channel.snippet?.customUrl ?? channel.snippet?.title ?? channel.id, account: { channel_id: channel.id } };
  },

  /** Revoking the refresh token ends the whole grant; an already invalid token is as good. */
  async revoke({ settings, credentials }) {
    const token = credentials.refresh_token ?? credentials.access_token;
    const a = await send('YouTube', `${tokenBase(settings)}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() });
    if (a.status === 200 || (a.status === 400 && a.text.includes('invalid_token'))) return;
    throw new ConnectorError(`YouTube answered ${a.status} to the revocation: ${excerpt(a.text)}`, a.status >= 500);
  },
};
