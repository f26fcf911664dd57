import { badRequest, notFound } from '../../../src/api/errors.js';
import { connectPlatformSchema } from '../../../src/api/platforms.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import type { ConnectorRegistry } from './connectors/registry.js';

/**
 * Connected social platforms (DESIGN.md: one connection per platform and team, JWT only). A
 * connection names the connector that publishes for it; the connector must exist and serve
 * that platform.
 */
export class PlatformService {
  constructor(private d: { store: Pick<Store, 'platforms'>; clock: Clock; connectors: ConnectorRegistry }) {}

  connect(teamId: string, body: unknown) {
    const input = parseBody(connectPlatformSchema, body);
    const connector = this.d.connectors.get(input.connector);
    if (!connector) throw badRequest(`Unknown connector ${input.connector}; available: ${this.d.connectors.names().join(', ')}`, { field: 'connector' });
    if (!connector.platforms.includes(input.platform)) throw badRequest(`The ${input.connector} connector cannot publish to ${input.platform}`, { field: 'platform' });
    return this.d.store.platforms.upsert(teamId, input, this.d.clock.now());
  }

  list(teamId: string) {
    return this.d.store.platforms.list(teamId);
  }

  disconnect(teamId: string, platform: string) {
    if (!this.d.store.platforms.delete(teamId, platform)) throw notFound('Platform connection', platform);
    return { platform, deleted: true };
  }
}
