import { badRequest, notFound } from '../../../src/api/errors.js';
import {
  SECRET_SETTINGS, authorizePlatformSchema, connectPlatformSchema, type AuthorizationStarted, type DisconnectedPlatform, type PlatformConnection,
} from '../../../src/api/platforms.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import { checkOutboundUrl } from '../../net/target-policy.js';
import type { Store } from '../../store/index.js';
import type { Connector } from './connectors/connector.js';
import type { ConnectorRegistry } from './connectors/registry.js';
import type { ConnectionAuth, CredentialVault } from './credentials.js';
import type { OAuthFlow } from './oauth-flow.js';
import type { OAuthApp, StoredCredentials } from './oauth/provider.js';

export interface PlatformServiceDeps {
  store: Pick<Store, 'platforms'>;
  clock: Clock;
  log: Logger;
  connectors: ConnectorRegistry;
  vault: CredentialVault;
  flow: OAuthFlow;
  /** The app credentials of `config.json`'s `oauth` section for a connector, if set. */
  configuredApp: (connector: string) => Partial<OAuthApp>;
  /** Outbound URL policy for `api_base_url` / `oauth_base_url` (a hosted daemon refuses private targets). */
  network: { local: boolean; allowPrivate: boolean };
}

/**
 * Connected social platforms (DESIGN.md: one connection per platform and team, JWT only). A
 * connection names the connector that publishes for it; the connector must exist and serve
 * that platform. The platforms' own connectors connect with OAuth 2.0 (issue 15): authorize()
 * starts the flow, connect() with `authorization` finishes it; tokens are kept sealed by the
 * vault and never appear in `settings` or any answer.
 */
export class PlatformService {
  constructor(private d: PlatformServiceDeps) {}

  /** POST /v1/platforms/authorize. */
  async authorize(teamId: string, body: unknown): Promise<AuthorizationStarted> {
    const input = parseBody(authorizePlatformSchema, body);
    const connector = this.connectorFor(input.platform, input.connector);
    if (!connector.oauth) throw badRequest(`The ${input.connector} connector does not connect with OAuth; connect it with POST /v1/platforms`, { field: 'connector' });
    this.checkSettings(connector, input.settings);
    const configured = this.d.configuredApp(input.connector);
    const app = { clientId: input.client_id ?? configured.clientId, clientSecret: input.client_secret ?? configured.clientSecret };
    const setting = `oauth.${input.connector}_client_id`;
    if (!app.clientId) throw badRequest(`No client id for the ${input.connector} app: send client_id, or set ${setting} in the daemon's config.json`, { field: 'client_id' });
    if (connector.oauth.secretRequired && !app.clientSecret) {
      throw badRequest(`No client secret for the ${input.connector} app: send client_secret, or set oauth.${input.connector}_client_secret in the daemon's config.json`, { field: 'client_secret' });
    }
    return await this.d.flow.start(teamId, connector.oauth, { ...input, app: { clientId: app.clientId, clientSecret: app.clientSecret } });
  }

  /** POST /v1/platforms: a plain connection, or the end of an OAuth authorization. */
  async connect(teamId: string, body: unknown): Promise<PlatformConnection> {
    const input = parseBody(connectPlatformSchema, body);
    const connector = this.connectorFor(input.platform, input.connector);
    this.checkSettings(connector, input.settings);
    if (connector.oauth) {
      if (!input.authorization) {
        throw badRequest(`The ${input.connector} connector connects with OAuth 2.0: start with POST /v1/platforms/authorize, then send its state and the code here as authorization`, { field: 'authorization' });
      }
      const account = await this.d.flow.finish(teamId, connector.oauth, { ...input, authorization: input.authorization });
      const target = { team_id: teamId, platform: input.platform };
      const record = { platform: input.platform, connector: input.connector, account_name: input.account_name ?? account.account_name, settings: account.settings };
      return await this.d.store.platforms.upsert(teamId, record, this.d.clock.now(), this.d.vault.seal(target, account.credentials));
    }
    if (input.authorization) throw badRequest(`The ${input.connector} connector does not connect with OAuth; send no authorization`, { field: 'authorization' });
    // Tokens given as settings (the resumable_upload connector's access_token) are kept sealed.
    const settings = Object.fromEntries(Object.entries(input.settings).filter(([k]) => !(SECRET_SETTINGS as readonly string[]).includes(k)));
    const secrets = Object.fromEntries(Object.entries(input.settings).filter(([k, v]) => (SECRET_SETTINGS as readonly string[]).includes(k) && typeof v === 'string'));
    const credentials = Object.keys(secrets).length ? this.d.vault.seal({ team_id: teamId, platform: input.platform }, { access_token: '', ...secrets } as StoredCredentials) : undefined;
    return await this.d.store.platforms.upsert(teamId, { ...input, account_name: input.account_name ?? 'local', settings }, this.d.clock.now(), credentials);
  }

  async list(teamId: string) {
    return await this.d.store.platforms.list(teamId);
  }

  /** DELETE /v1/platforms/:platform: revokes an OAuth grant at the platform (best effort), then removes the connection. */
  async disconnect(teamId: string, platform: string): Promise<DisconnectedPlatform> {
    const connection = await this.d.store.platforms.get(teamId, platform);
    if (!connection) throw notFound('Platform connection', platform);
    const revocation = await this.revoke(connection);
    if (!await this.d.store.platforms.delete(teamId, platform)) throw notFound('Platform connection', platform);
    return { platform, deleted: true, ...revocation };
  }

  /** What the publish task authenticates with for a connection. */
  authFor(connection: PlatformConnection): ConnectionAuth {
    const oauth = this.d.connectors.get(connection.connector)?.oauth;
    return this.d.vault.auth(connection, oauth, `clipper platforms connect ${connection.platform} --connector ${connection.connector}`);
  }

  private async revoke(connection: PlatformConnection): Promise<Pick<DisconnectedPlatform, 'revoked' | 'revoke_error'>> {
    const oauth = this.d.connectors.get(connection.connector)?.oauth;
    if (!oauth) return {};
    try {
      const credentials = await this.d.vault.read(connection);
      if (!credentials) return { revoked: false, revoke_error: 'the connection kept no credentials' };
      const app = { clientId: credentials.client_id ?? '', clientSecret: credentials.client_secret };
      await oauth.revoke({ app, settings: connection.settings, now: this.d.clock.now(), credentials });
      return { revoked: true };
    } catch (e) {
      this.d.log.warn('revoking a platform grant failed', { platform: connection.platform, connector: connection.connector, error: (e as Error).message });
      return { revoked: false, revoke_error: (e as Error).message };
    }
  }

  private connectorFor(platform: string, name: string): Connector {
    const connector = this.d.connectors.get(name);
    if (!connector) throw badRequest(`Unknown connector ${name}; available: ${this.d.connectors.names().join(', ')}`, { field: 'connector' });
    if (!connector.platforms.includes(platform as Connector['platforms'][number])) throw badRequest(`The ${name} connector cannot publish to ${platform}`, { field: 'platform' });
    return connector;
  }

  /** `api_base_url` and `oauth_base_url` (DESIGN.md) follow the outbound URL policy; the connector checks its own options. */
  private checkSettings(connector: Connector, settings: Record<string, unknown>): void {
    for (const key of ['api_base_url', 'oauth_base_url'] as const) {
      if (settings[key] === undefined) continue;
      if (typeof settings[key] !== 'string') throw badRequest(`settings.${key} must be a URL`, { field: `settings.${key}` });
      checkOutboundUrl(settings[key], { local: this.d.network.local, allowPrivate: this.d.network.allowPrivate, field: `settings.${key}` });
    }
    const problem = connector.checkSettings?.(settings);
    if (problem) throw badRequest(problem, { field: 'settings' });
  }
}
