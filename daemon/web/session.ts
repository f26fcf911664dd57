import type { IncomingMessage } from 'node:http';
import { decodeJwt } from 'jose';
import type { Clock } from '../clock.js';
import type { TokenVerifier } from '../identity/token-verifier.js';
import type { Store } from '../store/index.js';

export const SESSION_COOKIE = 'clipper_session';

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
  store: Pick<Store, 'teams'>;
  clock: Clock;
  baseUrl: () => string;
}

/**
 * Sign-in to the daemon's web pages (DESIGN.md: "needs sign-in: a valid bearer token, or a
 * session cookie set by <base>/app/login"). The cookie holds the ID token itself, so a session
 * lasts as long as the token and is verified like one on every page.
 */
export class WebSessions {
  constructor(private d: SessionDeps) {}

  /** The team signed in with this request, if any. */
  async signedInTeam(req: IncomingMessage): Promise<string | undefined> {
    const header = String(req.headers.authorization ?? '');
    const bearer = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    const token = bearer ?? readCookie(req, SESSION_COOKIE);
    return token ? this.verifiedTeam(token) : undefined;
  }

  async verifiedTeam(token: string): Promise<string | undefined> {
    const teamId = await this.d.tokens.teamOf(token).catch(() => undefined);
    return teamId && this.d.store.teams.get(teamId) ? teamId : undefined;
  }

  /** Set-Cookie for a session that ends when the token does. */
  cookie(token: string): string {
    const exp = Number(decodeJwt(token).exp ?? 0) * 1000;
    const maxAge = Math.max(0, Math.floor((exp - this.d.clock.now()) / 1000));
    const secure = this.d.baseUrl().startsWith('https:') ? '; Secure' : '';
    return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/app; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
  }

  get baseUrl(): string {
    return this.d.baseUrl();
  }
}

/** Only paths of the daemon's own pages are followed after sign-in (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/app\/[A-Za-z0-9/_.-]*$/.test(next) ? next : '/app/';
}
