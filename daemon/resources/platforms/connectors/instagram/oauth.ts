import { ConnectorError, GrantLostError } from '../connector.js';
import { send } from '../http.js';
import { baseUrl } from '../../oauth/token-endpoint.js';
import type { OAuthCall, OAuthProvider, TokenGrant } from '../../oauth/provider.js';
import { GRAPH_VERSION, graphBase, graphError, tokenRefused } from './graph.js';

/**
 * Facebook Login for Business, the login the Instagram API's resumable video upload needs
 * (developers.facebook.com/documentation/instagram-platform/content-publishing/resumable-uploads:
 * "available only for apps that have implemented Facebook Login for Business"). The login
 * dialog at www.facebook.com/<version>/dialog/oauth takes PKCE (S256; the "OIDC Code Flow with
 * PKCE for Manually Built Facebook Login Flows"); the code is exchanged at
 * graph.facebook.com/<version>/oauth/access_token, the short-lived user token for a long-lived
 * one (`grant_type=fb_exchange_token`, 60 days), and the Page that holds the Instagram business
 * account gives a Page token that does not expire: posts are published with it. Meta issues no
 * refresh tokens; a revoked grant answers error 190 and the connection needs connecting again.
 * Disconnecting deletes the app's permissions (`DELETE /me/permissions`).
 */
export const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_content_publish', 'pages_show_list', 'pages_read_engagement', 'business_management'];

const dialogBase = (s: Record<string, unknown>) => `${baseUrl(s, 'oauth_base_url', 'https://www.facebook.com')}/${typeof s.graph_version === 'string' ? s.graph_version : GRAPH_VERSION}`;

async function tokenCall(p: OAuthCall, params: Record<string, string>, what: string): Promise<TokenGrant> {
  const q = new URLSearchParams({ client_id: p.app.clientId, client_secret: p.app.clientSecret ?? '', ...params });
  const a = await send('Instagram', `${graphBase(p.settings)}/oauth/access_token?${q}`);
  const t = a.json<{ access_token?: string; expires_in?: number }>();
  if (a.status === 200 && t.access_token) return { access_token: t.access_token, ...(t.expires_in ? { expires_at: p.now + t.expires_in * 1000 } : {}) };
  if (tokenRefused(a) || a.json<{ error?: { code?: number } }>().error?.code === 100) throw new GrantLostError(graphError(a, what).message);
  throw graphError(a, what);
}

export const instagramOAuth: OAuthProvider = {
  challenge: 'base64url',
  secretRequired: true,

  authorizationUrl({ app, settings, redirectUri, state, codeChallenge }) {
    const q = new URLSearchParams({
      client_id: app.clientId, redirect_uri: redirectUri, state, response_type: 'code', scope: INSTAGRAM_SCOPES.join(','),
      code_challenge: codeChallenge, code_challenge_method: 'S256',
    });
    return `${dialogBase(settings)}/dialog/oauth?${q}`;
  },

  async exchangeCode(p) {
    const short = await tokenCall(p, { redirect_uri: p.redirectUri, code: p.code, code_verifier: p.codeVerifier }, 'to the code exchange');
    return tokenCall(p, { grant_type: 'fb_exchange_token', fb_exchange_token: short.access_token }, 'to the long-lived token exchange');
  },

  /**
   * The Pages of the user and their Instagram business accounts: the one named by the
   * `ig_user_id` setting, else the first. Publishing uses that Page's token.
   */
  async identify(p) {
    const q = new URLSearchParams({ fields: 'id,name,access_token,instagram_business_account{id,username}', access_token: p.grant.access_token });
    const a = await send('Instagram', `${graphBase(p.settings)}/me/accounts?${q}`);
    if (a.status !== 200) throw graphError(a, 'listing the Pages of the account');
    type Page = { id: string; access_token?: string; instagram_business_account?: { id: string; username?: string } };
    const pages = a.json<{ data?: Page[] }>().data ?? [];
    const wanted = typeof p.settings.ig_user_id === 'string' ? p.settings.ig_user_id : undefined;
    const page = pages.find((x) => x.instagram_business_account && (!wanted || x.instagram_business_account.id === wanted));
    if (!page?.instagram_business_account || !page.access_token) {
      throw new ConnectorError(`None of this account's Facebook Pages has ${wanted ? `the Instagram account ${wanted}` : 'an Instagram business or creator account'} linked; link one in the Page's settings`, false);
    }
    const ig = page.instagram_business_account;
    return {
      account_name: ig.username ? `@${ig.username}` : ig.id,
      account: { ig_user_id: ig.id, page_id: page.id, ...(ig.username ? { username: ig.username } : {}), user_token: p.grant.access_token },
      grant: { access_token: page.access_token },
    };
  },

  async revoke({ settings, credentials }) {
    const token = credentials.account?.user_token ?? credentials.access_token;
    const a = await send('Instagram', `${graphBase(settings)}/me/permissions?${new URLSearchParams({ access_token: token })}`, { method: 'DELETE' });
    if (a.status === 200 || tokenRefused(a)) return; // a grant already gone is what disconnecting wants
    throw graphError(a, 'to the revocation');
  },
};
