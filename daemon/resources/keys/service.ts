import { notFound } from '../../../src/api/errors.js';
import { createKeySchema } from '../../../src/api/keys.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';

/**
 * API keys (spec "Authentication": "Managing API keys requires a JWT"; the routes say so). The
 * plaintext key is returned once, at creation; afterwards only its label and dates are shown.
 */
export class KeyService {
  constructor(private d: { store: Pick<Store, 'apiKeys'>; clock: Clock }) {}

  async create(teamId: string, body: unknown) {
    const input = parseBody(createKeySchema, body);
    const { record, key } = await this.d.store.apiKeys.create(teamId, input.label, this.d.clock.now());
    return { id: record.id, label: record.label, key, created_at: record.created_at };
  }

  async list(teamId: string) {
    return (await this.d.store.apiKeys.list(teamId)).map(({ id, label, created_at, last_used_at }) => ({ id, label, created_at, last_used_at }));
  }

  async revoke(teamId: string, id: string) {
    if (!await this.d.store.apiKeys.revoke(teamId, id, this.d.clock.now())) throw notFound('API key', id);
    return { id, revoked: true };
  }
}
