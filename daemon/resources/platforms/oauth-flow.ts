import { badRequest } from '../../../src/api/errors.js';
import { randomToken } from '../../../src/api/ids.js';
import { AUTHORIZATION_TTL_MS, type AuthorizationStarted, type ConnectPlatformInput } from '../../../src/api/platforms.js';
import type { Platform } from '../../../src/api/events.js';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../identity/secret-box.js';
import type { Store } from '../../store/index.js';
import { ConnectorError } from './connectors/connector.js';
import { CredentialVault } from './credentials.js';
import { codeChallenge, newVerifier } from './oauth/pkce.js';
import type { OAuthApp, OAuthProvider, StoredCredentials } from './oauth/provider.js';

/** What an authorization keeps sealed until the code comes back. */
interface PendingSecrets {
  code_verifier: string;
  client_id: string;
  client_secret?: string;
}

export interface StartInput {
  platform: Platform;
  connector: string;
  redirect_uri: string;
  settings: Record<string, unknown>;
  app: OAuthApp;
}

/** A finished authorization: what the connection is made of. */
export interface AuthorizedAccount {
  account_name: string;
  settings: Record<string, unknown>;
  credentials: StoredCredentials;
}

/**
 * The OAuth 2.0 authorization-code flow with PKCE (RFC 7636) of the platforms' connectors (issue
 * 15, item 1). start(): a random `state` and code verifier, kept (sealed) in the store for 15
 * minutes, and the platform's consent URL with the code challenge. finish(): the state is taken
 * once (a replay or a stranger's state is refused), the code is exchanged with the verifier, the
 * account is identified, and the tokens come back for the connection to keep, sealed.
 */
export class OAuthFlow {
  constructor(private d: { store: Pick<Store, 'oauthAuthorizations'>; clock: Clock; box: SecretBox }) {}

  async start(teamId: string, provider: OAuthProvider, input: StartInput): Promise<AuthorizationStarted> {
    const now = this.d.clock.now();
    await this.d.store.oauthAuthorizations.purgeExpired(now);
    const state = randomToken(32);
    const verifier = newVerifier();
    const secrets: PendingSecrets = { code_verifier: verifier, client_id: input.app.clientId, ...(input.app.clientSecret ? { client_secret: input.app.clientSecret } : {}) };
    const expiresAt = now + AUTHORIZATION_TTL_MS;
    await this.d.store.oauthAuthorizations.insert({
      state, team_id: teamId, platform: input.platform, connector: input.connector, redirect_uri: input.redirect_uri,
      settings: JSON.stringify(input.settings), secrets: this.d.box.sealJson(secrets, contextOf(teamId, state)), created_at: now, expires_at: expiresAt,
    });
    const url = provider.authorizationUrl({
      app: input.app, settings: input.settings, now, redirectUri: input.redirect_uri, state, codeChallenge: codeChallenge(verifier, provider.challenge),
    });
    return { platform: input.platform, connector: input.connector, state, authorization_url: url, redirect_uri: input.redirect_uri, expires_at: expiresAt };
  }

  async finish(teamId: string, provider: OAuthProvider, input: Required<Pick<ConnectPlatformInput, 'authorization'>> & { platform: Platform; connector: string; settings?: Record<string, unknown> }): Promise<AuthorizedAccount> {
    const now = this.d.clock.now();
    const { state, code } = input.authorization!;
    const row = await this.d.store.oauthAuthorizations.take(teamId, state, now);
    if (!row) throw badRequest('authorization.state is unknown, already used or expired (an authorization lasts 15 minutes): start again with POST /v1/platforms/authorize', { field: 'authorization.state' });
    if (row.platform !== input.platform || row.connector !== input.connector) {
      throw badRequest(`authorization.state was started for ${row.platform} with the ${row.connector} connector, not ${input.platform} with ${input.connector}`, { field: 'authorization.state' });
    }
    const secrets = this.d.box.openJson<PendingSecrets>(row.secrets, contextOf(teamId, state));
    const settings = { ...(JSON.parse(row.settings) as Record<string, unknown>), ...input.settings };
    const app: OAuthApp = { clientId: secrets.client_id, clientSecret: secrets.client_secret };
    try {
      const grant = await provider.exchangeCode({ app, settings, now, code, redirectUri: row.redirect_uri, codeVerifier: secrets.code_verifier });
      const identity = await provider.identify({ app, settings, now, grant });
      const credentials = CredentialVault.fromGrant(identity.grant ?? grant);
      return {
        account_name: identity.account_name,
        settings,
        credentials: { ...credentials, client_id: app.clientId, ...(app.clientSecret ? { client_secret: app.clientSecret } : {}), account: { ...grant.extra, ...identity.account } },
      };
    } catch (e) {
      if (!(e instanceof ConnectorError)) throw e;
      throw badRequest(`Connecting ${input.platform} failed: ${e.message}. Start again with POST /v1/platforms/authorize`, { field: 'authorization.code' });
    }
  }
}

const contextOf = (teamId: string, state: string) => `oauth-authorization:${teamId}/${state}`;
