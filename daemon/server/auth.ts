import type { IncomingMessage } from 'node:http';
import { unauthorized, jwtRequired } from '../../src/api/errors.js';
import type { Clock } from '../clock.js';
import type { TokenVerifier } from '../identity/token-verifier.js';
import type { Store } from '../store/index.js';
import type { Principal } from './router.js';
import type { WebSessions } from '../web/session.js';

export interface AuthDeps {
  store: Pick<Store, 'apiKeys' | 'teams'>;
  tokens: TokenVerifier;
  clock: Clock;
  /** The web pages' sessions: their cookie signs the pages' own calls in (issue 16). */
  sessions?: Pick<WebSessions, 'session' | 'checkCsrf'>;
}

/**
 * Spec "Authentication": `Key <secret>-<teamId>` or `Bearer <ID token>`, both acting as the
 * root team that owns the credential. Anything missing or invalid is 401 UNAUTHORIZED.
 */
export async function authenticate(app: AuthDeps, req: IncomingMessage, mode: 'any' | 'jwt'): Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) return await sessionPrincipal(app, req, mode);
  const space = header.indexOf(' ');
  const scheme = space > 0 ? header.slice(0, space).toLowerCase() : header.toLowerCase();
  const value = space > 0 ? header.slice(space + 1).trim() : '';

  if (scheme === 'key') {
    if (mode === 'jwt') throw jwtRequired();
    const parts = value.split('-');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw unauthorized('Authentication required: the API key is malformed (expected <secret>-<teamId>)');
    const [secret, teamId] = parts;
    const key = await app.store.apiKeys.verify(teamId, secret, app.clock.now());
    if (!key) throw unauthorized('Authentication required: the API key is invalid or revoked');
    return { teamId: key.team_id, kind: 'api_key' };
  }
  if (scheme === 'bearer') {
    const teamId = value ? await app.tokens.teamOf(value) : undefined;
    if (!teamId) throw unauthorized('Authentication required: the bearer token is invalid or expired');
    // Issue 27, item 4: a valid token for a team this database does not have (minted against
    // another database: the data dir's SQLite file while the daemon uses PostgreSQL) says so.
    if (!await app.store.teams.get(teamId)) {
      throw unauthorized(`Authentication required: the bearer token is valid but names team ${teamId}, which this server's database does not have (mint one for a team of this database: clipper auth token --team ID)`);
    }
    return { teamId, kind: 'jwt' };
  }
  throw unauthorized();
}

/**
 * No Authorization header: the session cookie of the web pages (issue 16, item 3: "Everything goes
 * through the /v1 API with the signed-in session"), with its CSRF check on changes. JWT-only
 * endpoints (keys, sign-in links) stay out of a browser session's reach.
 */
async function sessionPrincipal(app: AuthDeps, req: IncomingMessage, mode: 'any' | 'jwt'): Promise<Principal> {
  const session = await app.sessions?.session(req);
  if (!session) throw unauthorized();
  if (mode === 'jwt') throw unauthorized('A JWT is required for this endpoint: use Authorization: Bearer <ID token>; a web page session cannot manage credentials');
  app.sessions!.checkCsrf(req, session);
  return { teamId: session.team_id, kind: 'session' };
}
