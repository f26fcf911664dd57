// The connected-platform contract, written once: the daemon validates with the schemas, stores and
// answers with the record below (daemon/store/platforms.ts); the client types its calls with both.
//
// Spec "Records without a full field list": "Connected social platform record: not shown."
// DESIGN.md ("Endpoints the spec names but does not show"): "POST/GET /v1/platforms, DELETE
// /v1/platforms/:platform | JWT only | `{platform, connector, account_name, settings}` | the
// connection record". One connection per platform and team; connecting again replaces it.
// Issue 15 adds the OAuth 2.0 connection of the platforms' own connectors: POST
// /v1/platforms/authorize starts it, POST /v1/platforms with `authorization` finishes it.
import { z } from 'zod';
import { PLATFORMS, type Platform } from './events.js';

/** The platforms' own connectors (issue 15), each publishing to its one platform over OAuth 2.0. */
export const OAUTH_CONNECTORS = {
  youtube: 'long_video',
  tiktok: 'short_video',
  instagram: 'photo_sharing',
  linkedin: 'professional_network',
} as const satisfies Record<string, Platform>;
export type OAuthConnectorName = keyof typeof OAUTH_CONNECTORS;
export const isOAuthConnector = (name: string): name is OAuthConnectorName => Object.hasOwn(OAUTH_CONNECTORS, name);

/** `needs_reauth`: the platform revoked the grant or it expired; connecting again fixes it. */
export const CONNECTION_STATUSES = ['active', 'needs_reauth'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * Settings that are secrets: given to POST /v1/platforms they are kept encrypted with the
 * connection's credentials, never in its `settings`, so no response shows them again.
 */
export const SECRET_SETTINGS = ['access_token', 'refresh_token', 'client_secret'] as const;

/** How long an authorization started by POST /v1/platforms/authorize may be finished. */
export const AUTHORIZATION_TTL_MS = 15 * 60_000;

const platform = z.enum(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` });
const connector = z.string().trim().min(1).max(64);
const settings = z.record(z.string(), z.unknown());

/** POST /v1/platforms. `connector` names how posts reach the platform (`local` by default). */
export const connectPlatformSchema = z.strictObject({
  platform,
  connector: connector.default('local'),
  /** Default: the account the platform names (OAuth connectors), else `local`. */
  account_name: z.string().trim().min(1).max(200).optional(),
  settings: settings.default({}),
  /** OAuth connectors: the `state` of POST /v1/platforms/authorize and the `code` the platform sent back. */
  authorization: z.strictObject({ state: z.string().min(1).max(200), code: z.string().min(1).max(4096) }).optional(),
});
export type ConnectPlatformInput = z.input<typeof connectPlatformSchema>;

/**
 * POST /v1/platforms/authorize: starts an OAuth 2.0 authorization-code flow with PKCE for an
 * OAuth connector. `redirect_uri` is where the platform sends the browser back (the CLI's
 * loopback listener). The app's `client_id` and `client_secret` default to the daemon's
 * `oauth.<connector>_client_id` / `_client_secret` settings.
 */
export const authorizePlatformSchema = z.strictObject({
  platform,
  connector,
  redirect_uri: z.url({ protocol: /^https?$/, message: 'redirect_uri must be an http(s) URL' }).max(512),
  client_id: z.string().trim().min(1).max(512).optional(),
  client_secret: z.string().trim().min(1).max(512).optional(),
  settings: settings.default({}),
});
export type AuthorizePlatformInput = z.input<typeof authorizePlatformSchema>;

// Responses, as zod schemas so the OpenAPI document is generated from them (issue 18).

/** The answer of POST /v1/platforms/authorize: open `authorization_url` in a browser. */
export const authorizationStartedSchema = z.object({
  platform,
  connector: z.string(),
  state: z.string(),
  authorization_url: z.string(),
  redirect_uri: z.string(),
  expires_at: z.number().int(),
});
export type AuthorizationStarted = z.infer<typeof authorizationStartedSchema>;

/**
 * The connection record, exactly as the daemon sends it: the 201 of POST /v1/platforms and each
 * entry of GET /v1/platforms (`{platforms: [...]}`). Never carries a token or an app secret.
 * `status_reason` says why a connection is `needs_reauth`.
 */
export const platformConnectionSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  platform,
  connector: z.string(),
  account_name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  status: z.enum(CONNECTION_STATUSES),
  status_reason: z.string().optional(),
  created_at: z.number().int(),
});
export type PlatformConnection = z.infer<typeof platformConnectionSchema>;

/**
 * DELETE /v1/platforms/:platform. For an OAuth connection the grant is revoked at the platform
 * first: `revoked` says whether that worked (`revoke_error` why not); the connection is removed
 * either way.
 */
export const disconnectedPlatformSchema = z.object({
  platform: z.string(),
  deleted: z.literal(true),
  revoked: z.boolean().optional(),
  revoke_error: z.string().optional(),
});
export type DisconnectedPlatform = z.infer<typeof disconnectedPlatformSchema>;
