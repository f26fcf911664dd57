import type { ChallengeEncoding } from './pkce.js';

// The OAuth 2.0 side of a platform's connector (issue 15, item 1): the authorization-code flow
// with PKCE and a loopback redirect, the token refresh, and the revocation at disconnect. Each
// platform's file implements it from the platform's documentation.

/** The user's own app at the platform (its developer console issues both). */
export interface OAuthApp {
  clientId: string;
  clientSecret?: string;
}

/**
 * What a connection keeps, sealed (daemon/identity/secret-box.ts): the tokens, the app they were
 * issued to (so a refresh works after config.json changes), and the platform's ids of the account.
 */
export interface StoredCredentials {
  access_token: string;
  refresh_token?: string;
  /** Epoch ms; absent when the token does not expire (or the platform did not say). */
  expires_at?: number;
  refresh_expires_at?: number;
  client_id?: string;
  client_secret?: string;
  /** The platform's ids the connector needs: channel, open_id, Instagram user, member URN... */
  account?: Record<string, string>;
}

/** A token endpoint's answer (RFC 6749 section 5.1), times already made absolute. */
export interface TokenGrant {
  access_token: string;
  refresh_token?: string;
  expires_at?: number;
  refresh_expires_at?: number;
  scope?: string;
  /** Values some platforms return with the token (TikTok's open_id). */
  extra?: Record<string, string>;
}

/** Who connected: the name shown on the connection, and the ids kept with its credentials. */
export interface Identity {
  account_name: string;
  account: Record<string, string>;
  /** A token to publish with instead of the user's (Instagram publishes with the Page's). */
  grant?: TokenGrant;
}

export interface OAuthCall {
  app: OAuthApp;
  /** The connection's settings (`oauth_base_url`, `api_base_url`, connector options). */
  settings: Record<string, unknown>;
  now: number;
}

export interface OAuthProvider {
  /** How the PKCE code challenge is encoded (TikTok's desktop flow wants hex). */
  readonly challenge: ChallengeEncoding;
  /** Does the platform accept a public client (no secret)? When false the secret is required. */
  readonly secretRequired: boolean;
  authorizationUrl(p: OAuthCall & { redirectUri: string; state: string; codeChallenge: string }): string;
  exchangeCode(p: OAuthCall & { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenGrant>;
  /** Absent when the platform issues no refresh tokens (the grant then lasts until it expires). */
  refresh?(p: OAuthCall & { refreshToken: string }): Promise<TokenGrant>;
  identify(p: OAuthCall & { grant: TokenGrant }): Promise<Identity>;
  /** Revokes the grant at the platform (disconnect). */
  revoke(p: OAuthCall & { credentials: StoredCredentials }): Promise<void>;
}
