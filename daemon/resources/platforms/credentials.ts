import type { Clock } from '../../clock.js';
import { SecretBoxError, type SecretBox } from '../../identity/secret-box.js';
import type { Logger } from '../../log.js';
import type { PlatformConnection, SealedCredentials, Store } from '../../store/index.js';
import { ConnectorError, GrantLostError } from './connectors/connector.js';
import type { OAuthApp, OAuthProvider, StoredCredentials, TokenGrant } from './oauth/provider.js';

/** An access token this close to its expiry is refreshed before use (issue 15: "refreshed before they expire"). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** What a connector uses to authenticate its calls for one connection. */
export interface ConnectionAuth {
  /** The stored credentials (tokens and the platform's account ids). */
  credentials(): Promise<StoredCredentials>;
  /** A valid access token: refreshed first when it expires within 5 minutes, or when `force`d after a 401. */
  accessToken(opts?: { force?: boolean }): Promise<string>;
  /** Whether a refresh token (and a platform that takes it) can renew the access token. */
  canRefresh(): Promise<boolean>;
  /** Marks the connection `needs_reauth` and gives the error to throw (the grant is gone). */
  lost(reason: string): Promise<GrantLostError>;
}

/** The sealing context of a connection's credentials: they open only in their own row. */
const contextOf = (c: Pick<PlatformConnection, 'team_id' | 'platform'>) => `platform-credentials:${c.team_id}/${c.platform}`;

/**
 * Keeps connections' credentials encrypted in the store (never in a response, log or event) and
 * hands connectors a ConnectionAuth that refreshes tokens before they expire. A refresh the
 * platform refuses with `invalid_grant` marks the connection `needs_reauth` with a reason that
 * says how to connect again.
 */
export class CredentialVault {
  /** One refresh at a time per connection: platforms that rotate refresh tokens invalidate the old one. */
  private refreshing = new Map<string, Promise<StoredCredentials>>();

  constructor(private d: { store: Pick<Store, 'platforms'>; box: SecretBox; clock: Clock; log: Logger }) {}

  seal(connection: Pick<PlatformConnection, 'team_id' | 'platform'>, creds: StoredCredentials): SealedCredentials {
    return { sealed: this.d.box.sealJson(creds, contextOf(connection)), expires_at: creds.expires_at ?? null };
  }

  async read(connection: PlatformConnection): Promise<StoredCredentials | undefined> {
    const stored = await this.d.store.platforms.credentials(connection.id);
    return stored && this.d.box.openJson<StoredCredentials>(stored.sealed, contextOf(connection));
  }

  /** The credentials of a new grant, merged over what a refresh did not renew. */
  static fromGrant(grant: TokenGrant, previous: Partial<StoredCredentials> = {}): StoredCredentials {
    const { expires_at: _e, refresh_expires_at: _r, ...kept } = previous;
    return {
      ...kept,
      access_token: grant.access_token,
      ...(grant.refresh_token ?? previous.refresh_token ? { refresh_token: grant.refresh_token ?? previous.refresh_token } : {}),
      ...(grant.expires_at !== undefined ? { expires_at: grant.expires_at } : {}),
      ...((grant.refresh_expires_at ?? previous.refresh_expires_at) !== undefined ? { refresh_expires_at: grant.refresh_expires_at ?? previous.refresh_expires_at } : {}),
    };
  }

  auth(connection: PlatformConnection, provider: OAuthProvider | undefined, reconnect: string): ConnectionAuth {
    let creds: StoredCredentials | undefined;
    const lost = async (reason: string) => {
      const message = `${reason}. Connect the account again: ${reconnect}`;
      if (await this.d.store.platforms.markNeedsReauth(connection.id, message)) this.d.log.warn('platform connection needs to be connected again', { platform: connection.platform, connector: connection.connector });
      return new GrantLostError(message);
    };
    const current = async () => {
      try {
        return (creds ??= await this.read(connection));
      } catch (e) {
        // The data dir's key changed (restored without identity/, or another data dir's database).
        if (e instanceof SecretBoxError) throw await lost(e.message);
        throw e;
      }
    };
    return {
      credentials: async () => {
        const c = await current();
        if (!c) throw new ConnectorError(`The ${connection.platform} connection has no credentials; connect it again: ${reconnect}`, false);
        return c;
      },
      lost,
      canRefresh: async () => !!(await current())?.refresh_token && !!provider?.refresh,
      accessToken: async (opts = {}) => {
        const c = await current();
        if (!c) throw await lost('The connection has no credentials');
        const due = c.expires_at !== undefined && c.expires_at - this.d.clock.now() <= REFRESH_MARGIN_MS;
        if (!due && !opts.force) return c.access_token;
        if (!c.refresh_token || !provider?.refresh) {
          if (opts.force || (c.expires_at !== undefined && c.expires_at <= this.d.clock.now())) throw await lost('The platform no longer accepts the access token and issued no refresh token');
          return c.access_token; // expires soon, but still valid, and nothing can renew it
        }
        creds = await this.refresh(connection, provider, c, lost);
        return creds.access_token;
      },
    };
  }

  private refresh(connection: PlatformConnection, provider: OAuthProvider, c: StoredCredentials, lost: (r: string) => Promise<GrantLostError>): Promise<StoredCredentials> {
    const running = this.refreshing.get(connection.id);
    if (running) return running;
    const app: OAuthApp = { clientId: c.client_id ?? '', clientSecret: c.client_secret };
    const promise = provider
      .refresh!({ app, settings: connection.settings, now: this.d.clock.now(), refreshToken: c.refresh_token! })
      .then(async (grant) => {
        const next = CredentialVault.fromGrant(grant, c);
        await this.d.store.platforms.saveCredentials(connection.id, this.seal(connection, next));
        return next;
      })
      .catch(async (e: unknown) => {
        throw e instanceof GrantLostError ? await lost(e.message) : e;
      })
      .finally(() => this.refreshing.delete(connection.id));
    this.refreshing.set(connection.id, promise);
    return promise;
  }
}
