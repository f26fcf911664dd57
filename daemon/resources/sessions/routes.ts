import type { Router } from '../../server/router.js';
import { messagePage } from '../../web/clip-page.js';
import { sendHtml } from '../../web/html.js';
import type { WebSessions } from '../../web/session.js';
import type { SessionLinkService } from './service.js';

/**
 * GET /v1/auth/session-link (JWT only, DESIGN.md "Second round") and the page its link opens,
 * `/app/session/<code>`: one use, then a redirect to the clip's page with the session cookie set.
 */
export function registerSessionLinkRoutes(router: Router, links: SessionLinkService, sessions: WebSessions): void {
  router.get('/v1/auth/session-link', { auth: 'jwt' }, async (ctx) => ({ status: 200, body: await links.create(ctx.principal.teamId, Object.fromEntries(ctx.query)) }));
  router.get('/app/session/:code', { auth: 'none' }, async (ctx) => {
    const signedIn = await links.redeem(ctx.params.code);
    if (!signedIn) {
      const text = 'This sign-in link was already used or has expired (links work once, for 5 minutes). Run `clipper open CLIP_ID` again for a new one.';
      return sendHtml(ctx.res, 410, messagePage('Link expired', text));
    }
    ctx.res.writeHead(303, { location: signedIn.next, 'set-cookie': await sessions.start(signedIn.teamId), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).end();
    return undefined;
  });
}
