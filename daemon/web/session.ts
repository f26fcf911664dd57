import type { IncomingMessage } from 'node:http';
import { decodeJwt } from 'jose';
import type { AppContext } from '../app.js';

export const SESSION_COOKIE = 'clipper_session';

/** The value of one cookie of a request. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The team signed in to the daemon's web pages (DESIGN.md: "needs sign-in: a valid bearer
 * token, or a session cookie set by <base>/app/login"). The cookie holds the ID token itself,
 * so a session lasts as long as the token and is verified like one on every page.
 */
export async function signedInTeam(app: AppContext, req: IncomingMessage): Promise<string | undefined> {
  const header = String(req.headers.authorization ?? '');
  const bearer = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  const token = bearer ?? readCookie(req, SESSION_COOKIE);
  return token ? verifiedTeam(app, token) : undefined;
}

export async function verifiedTeam(app: AppContext, token: string): Promise<string | undefined> {
  const teamId = await app.tokens.teamOf(token).catch(() => undefined);
  return teamId && app.teams.get(teamId) ? teamId : undefined;
}

/** Set-Cookie for a session that ends when the token does. */
export function sessionCookie(app: AppContext, token: string): string {
  const exp = Number(decodeJwt(token).exp ?? 0) * 1000;
  const maxAge = Math.max(0, Math.floor((exp - app.clock.now()) / 1000));
  const secure = app.baseUrl.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/app; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** Only paths of the daemon's own pages are followed after sign-in (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/app\/[A-Za-z0-9/_.-]*$/.test(next) ? next : '/app/';
}
