import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { diskFullOf } from '../domain/disk-full.js';
import type { Sql } from './sql.js';
import { newId, randomToken } from '../../src/api/ids.js';
import type { ApiKeyRecord } from './records.js';
import type { ApiKeyRepository } from './repositories.js';

export type { ApiKeyRecord };

interface Row extends ApiKeyRecord {
  salt: string;
  secret_hash: string;
  revoked_at: number | null;
}

/** How often a key's `last_used_at` is written again while it is in use. */
export const LAST_USED_PRECISION_MS = 60_000;

function hashSecret(salt: string, secret: string): Buffer {
  return createHash('sha256').update(salt).update(':').update(secret).digest();
}

const publicFields = (r: Row): ApiKeyRecord => ({ id: r.id, team_id: r.team_id, label: r.label, created_at: r.created_at, last_used_at: r.last_used_at });

/**
 * API keys (spec "Authentication", rule 3): the plaintext secret exists only in the value
 * returned by create(); the table keeps a salted SHA-256 of it.
 */
export class ApiKeyRepo implements ApiKeyRepository {
  constructor(private db: Sql) {}

  async create(teamId: string, label: string, now: number): Promise<{ record: ApiKeyRecord; key: string }> {
    const secret = `ck${randomToken(40)}`;
    const salt = randomBytes(16).toString('hex');
    const row: Row = {
      id: newId('key'),
      team_id: teamId,
      label,
      salt,
      secret_hash: hashSecret(salt, secret).toString('hex'),
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.run('INSERT INTO api_keys (id, team_id, label, salt, secret_hash, created_at) VALUES (@id, @team_id, @label, @salt, @secret_hash, @created_at)', row);
    return { record: publicFields(row), key: `${secret}-${teamId}` };
  }

  async list(teamId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.db.all('SELECT * FROM api_keys WHERE team_id = ? AND revoked_at IS NULL ORDER BY created_at, rowid', teamId) as Row[];
    return rows.map(publicFields);
  }

  /** Returns false when the key does not exist on the team (or is already revoked). */
  async revoke(teamId: string, id: string, now: number): Promise<boolean> {
    const r = await this.db.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND team_id = ? AND revoked_at IS NULL', now, id, teamId);
    return r > 0;
  }

  /** Finds the active key of `teamId` whose secret matches, comparing hashes in constant time. */
  async verify(teamId: string, secret: string, now: number): Promise<ApiKeyRecord | undefined> {
    const rows = await this.db.all('SELECT * FROM api_keys WHERE team_id = ? AND revoked_at IS NULL', teamId) as Row[];
    let found: Row | undefined;
    for (const row of rows) {
      const expected = Buffer.from(row.secret_hash, 'hex');
      const actual = hashSecret(row.salt, secret);
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) found = row;
    }
    if (!found) return undefined;
    // Noted at most once a minute: a write per request would be most of a busy key's database work.
    if (found.last_used_at !== null && now - found.last_used_at < LAST_USED_PRECISION_MS && now >= found.last_used_at) return publicFields(found);
    // The key's last use is a note, not the request's purpose: a full database disk refuses
    // writes, never a read made with a key (issue 31, item 4).
    const noted = await this.db.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', now, found.id).then(() => true, (e: unknown) => {
      if (!diskFullOf(e)) throw e;
      return false;
    });
    return publicFields(noted ? { ...found, last_used_at: now } : found);
  }
}
