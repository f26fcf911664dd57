// The connected-platform contract, written once: the daemon validates with the schema, stores and
// answers with the record below (daemon/store/platforms.ts); the client types its calls with both.
//
// Spec "Records without a full field list": "Connected social platform record: not shown."
// DESIGN.md ("Endpoints the spec names but does not show"): "POST/GET /v1/platforms, DELETE
// /v1/platforms/:platform | JWT only | `{platform, connector, account_name, settings}` | the
// connection record". One connection per platform and team; connecting again replaces it.
import { z } from 'zod';
import { PLATFORMS, type Platform } from './events.js';

/** POST /v1/platforms. `connector` names how posts reach the platform (`local` by default). */
export const connectPlatformSchema = z.strictObject({
  platform: z.enum(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` }),
  connector: z.string().trim().min(1).max(64).default('local'),
  account_name: z.string().trim().min(1).max(200).default('local'),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type ConnectPlatformInput = z.input<typeof connectPlatformSchema>;

/**
 * The connection record, exactly as the daemon sends it: the 201 of POST /v1/platforms and each
 * entry of GET /v1/platforms (`{platforms: [...]}`). A stored connection is always `active`
 * (disconnecting deletes it).
 */
export interface PlatformConnection {
  id: string;
  team_id: string;
  platform: Platform;
  connector: string;
  account_name: string;
  settings: Record<string, unknown>;
  status: 'active';
  created_at: number;
}

/** DELETE /v1/platforms/:platform. */
export interface DisconnectedPlatform {
  platform: string;
  deleted: true;
}
