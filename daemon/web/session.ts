import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { forbidden } from '../../src/api/errors.js';
import { WEB_SESSION_TTL_MS } from '../../src/api/sessions.js';
import type { Clock } from '../clock.js';
import type { TokenVerifier } from '../identity/token-verifier.js';
import type { Store } from '../store/index.js';
import type { WebSessionRow } from '../store/records.js';

export const SESSION_COOKIE = 'clipper_session';
/** The header the pages send their session's CSRF token in (issue 16, item 4). */
export const CSRF_HEADER = 'x-csrf-token';

/** The value of one cookie of a request. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface SessionDeps {
  tokens: TokenVerifier;
  store: Pick<Store, 'teams' | 'webSessions'>;
  clock: Clock;
  baseUrl: () => string;
}

const hash = (id: string) => createHash('sha256').update(id).digest('hex');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sign-in to the daemon's web pages (DESIGN.md: "needs sign-in: a valid bearer token, or a
 * session cookie"; issue 16, item 4: "a one-time link sets an HttpOnly, SameSite=Strict session
 * cookie; CSRF protection on every state-changing request from the page; sessions expire and can
 * be ended"). A session is a row of its own (a random id in the cookie, only its hash stored),
 * started by a one-time link or a pasted token, ended by signing out or after
 * WEB_SESSION_TTL_MS. The same cookie signs the page's own /v1 calls in; a call that changes
 * something must carry the session's CSRF token in X-CSRF-Token, and come from the daemon's own
 * origin when the browser names one.
 */
export class WebSessions {
  constructor(private d: SessionDeps) {}

  /** Starts a session of the team: its Set-Cookie header. */
  async start(teamId: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.d.clock.now();
    await this.d.store.webSessions.create({ id_hash: hash(id), team_id: teamId, csrf_token: randomBytes(24).toString('base64url'), created_at: now, expires_at: now + WEB_SESSION_TTL_MS });
    return this.cookie(id, Math.floor(WEB_SESSION_TTL_MS / 1000));
  }

  /** The live session of the request's cookie, if any. */
  async session(req: IncomingMessage): Promise<WebSessionRow | undefined> {
    const id = readCookie(req, SESSION_COOKIE);
    const row = id ? await this.d.store.webSessions.live(hash(id), this.d.clock.now()) : undefined;
    return row && await this.d.store.teams.get(row.team_id) ? row : undefined;
  }

  /** Signs out: the session ends now; the Set-Cookie header that clears the cookie. */
  async end(req: IncomingMessage): Promise<string> {
    const id = readCookie(req, SESSION_COOKIE);
    if (id) await this.d.store.webSessions.end(hash(id), this.d.clock.now());
    return this.cookie('', 0);
  }

  /** The team signed in with this request (a bearer token or the session cookie), if any. */
  async signedInTeam(req: IncomingMessage): Promise<string | undefined> {
    const bearer = /^bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]?.trim();
    return bearer ? await this.verifiedTeam(bearer) : (await this.session(req))?.team_id;
  }

  async verifiedTeam(token: string): Promise<string | undefined> {
    const teamId = await this.d.tokens.teamOf(token).catch(() => undefined);
    return teamId && await this.d.store.teams.get(teamId) ? teamId : undefined;
  }

  /**
   * A /v1 call signed in by the cookie: refused (403) when it changes something without the
   * session's CSRF token, or from another origin.
   */
  checkCsrf(req: IncomingMessage, session: WebSessionRow): void {
    if (SAFE_METHODS.has(String(req.method ?? 'GET').toUpperCase())) return;
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== new URL(this.d.baseUrl()).origin && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`) {
      throw forbidden(`Requests signed in by the session cookie must come from this server's own pages (Origin ${origin})`, { header: 'Origin' });
    }
    const sent = Buffer.from(String(req.headers[CSRF_HEADER] ?? ''));
    const want = Buffer.from(session.csrf_token);
    if (sent.length !== want.length || !timingSafeEqual(sent, want)) {
      throw forbidden('A request signed in by the session cookie needs the page\'s CSRF token in X-CSRF-Token (reload the page)', { header: 'X-CSRF-Token' });
    }
  }

  private cookie(value: string, maxAge: number): string {
    const secure = this.d.baseUrl().startsWith('https:') ? '; Secure' : '';
    return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
  }

  get baseUrl(): string {
    return this.d.baseUrl();
  }
}

/** Only paths of the daemon's own pages are followed after sign-in (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/app\/[A-Za-z0-9/_.-]*$/.test(next) ? next : '/app/';
}
