import { unauthorized } from '../../src/api/errors.js';
import { loginPage, signedOutPage } from './clip-page.js';
import { registerDashboard, type DashboardDeps } from './dashboard.js';
import { registerEditorRoutes, type EditorDeps } from './editor-routes.js';
import { registerEventStream } from './events-stream.js';
import { sendHtml } from './html.js';
import { safeNext, type WebSessions } from './session.js';
import type { Store } from '../store/index.js';
import type { RequestContext, Router } from '../server/router.js';

/**
 * The daemon's web pages behind sign-in (DESIGN.md, "Web pages on the daemon"): `editor_url`
 * is `<base>/app/clips/<clipId>`; sign-in is a bearer token or the session cookie that
 * `/app/login` sets from a token.
 */
export interface PageDeps extends EditorDeps, Omit<DashboardDeps, 'store'> {
  store: EditorDeps['store'] & DashboardDeps['store'] & Pick<Store, 'clips' | 'clipJobs' | 'events'>;
  /** Between heartbeats of GET /app/events (setting server.event_heartbeat_ms), read per stream. */
  heartbeatMs?: () => number;
}

export function registerAppPages(router: Router, d: PageDeps): void {
  registerEditorRoutes(router, d, notSignedIn);

  registerDashboard(router, d, notSignedIn);

  registerEventStream(router, d, notSignedIn);

  router.get('/app/login', { auth: 'none' }, async (ctx) => {
    const next = safeNext(ctx.query.get('next'));
    const token = ctx.query.get('token');
    if (token) return await signIn(d.sessions, ctx, token, next);
    if (ctx.query.get('signed_out') === '1') return sendHtml(ctx.res, 200, signedOutPage());
    return sendHtml(ctx.res, 200, loginPage(next));
  });

  /**
   * Sign-out (issue 16, item 4: "sessions ... can be ended"): the session ends at once. A request
   * of the page itself (its CSRF token), so another site cannot sign a person out.
   */
  router.post('/app/logout', { auth: 'none' }, async (ctx) => {
    const session = await d.sessions.session(ctx.req);
    if (session) d.sessions.checkCsrf(ctx.req, session);
    return { status: 200, body: { signed_out: Boolean(session), login_url: '/app/login' }, headers: { 'set-cookie': await d.sessions.end(ctx.req), 'cache-control': 'no-store' } };
  });

  router.post('/app/login', { auth: 'none' }, async (ctx) => {
    const form = new URLSearchParams(await readSmallBody(ctx));
    return await signIn(d.sessions, ctx, (form.get('token') ?? '').trim(), safeNext(form.get('next')));
  });
}

async function signIn(sessions: WebSessions, ctx: RequestContext, token: string, next: string) {
  const teamId = token ? await sessions.verifiedTeam(token) : undefined;
  if (!teamId) {
    return sendHtml(ctx.res, 401, loginPage(next, 'That token is not valid (or it has expired). Mint a new one and try again.'));
  }
  ctx.res.writeHead(303, { location: next, 'set-cookie': await sessions.start(teamId), 'cache-control': 'no-store' }).end();
  return undefined;
}

/** A browser is sent to the sign-in page; an API client gets the usual 401 envelope. */
function notSignedIn(ctx: RequestContext) {
  if (!String(ctx.req.headers.accept ?? '').includes('text/html')) throw unauthorized('Sign-in required: send Authorization: Bearer <ID token>, or sign in at /app/login');
  ctx.res.writeHead(303, { location: `/app/login?next=${encodeURIComponent(ctx.path)}`, 'cache-control': 'no-store' }).end();
  return undefined;
}

/** A sign-in form is a few hundred bytes; anything over 16 KiB is not one. */
async function readSmallBody(ctx: RequestContext): Promise<string> {
  let text = '';
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > 16_384) break;
  }
  return text.slice(0, 16_384);
}
