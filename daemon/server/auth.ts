import type { IncomingMessage } from 'node:http';
import { unauthorized, jwtRequired } from '../../src/api/errors.js';
import type { Clock } from '../clock.js';
import type { TokenVerifier } from '../identity/token-verifier.js';
import type { Store } from '../store/index.js';
import type { Principal } from './router.js';

export interface AuthDeps {
  store: Pick<Store, 'apiKeys' | 'teams'>;
  tokens: TokenVerifier;
  clock: Clock;
}

/**
 * Spec "Authentication": `Key <secret>-<teamId>` or `Bearer <ID token>`, both acting as the
 * root team that owns the credential. Anything missing or invalid is 401 UNAUTHORIZED.
 */
export async function authenticate(app: AuthDeps, req: IncomingMessage, mode: 'any' | 'jwt'): Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) throw unauthorized();
  const space = header.indexOf(' ');
  const scheme = space > 0 ? header.slice(0, space).toLowerCase() : header.toLowerCase();
  const value = space > 0 ? header.slice(space + 1).trim() : '';

  if (scheme === 'key') {
    if (mode === 'jwt') throw jwtRequired();
    const parts = value.split('-');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw unauthorized('Authentication required: the API key is malformed (expected <secret>-<teamId>)');
    const [secret, teamId] = parts;
    const key = app.store.apiKeys.verify(teamId, secret, app.clock.now());
    if (!key) throw unauthorized('Authentication required: the API key is invalid or revoked');
    return { teamId: key.team_id, kind: 'api_key' };
  }
  if (scheme === 'bearer') {
    const teamId = value ? await app.tokens.teamOf(value) : undefined;
    if (!teamId || !app.store.teams.get(teamId)) throw unauthorized('Authentication required: the bearer token is invalid or expired');
    return { teamId, kind: 'jwt' };
  }
  throw unauthorized();
}
