import { randomBytes } from 'node:crypto';
import type { ClipJobView, ClipView } from '../../src/api/clips.js';
import type { PlatformConnection } from '../../src/api/platforms.js';
import type { Post } from '../../src/api/posts.js';
import type { Render } from '../../src/api/renders.js';
import { notFound } from '../../src/api/errors.js';
import type { Store } from '../store/index.js';
import type { ClipJobRow } from '../store/records.js';
import type { RequestContext, Router } from '../server/router.js';
import { webScript } from './assets.js';
import { jobLinks } from './clip-page.js';
import { escapeHtml, pageShell, sendHtml } from './html.js';
import type { WebSessions } from './session.js';

/** Jobs the dashboard shows (newest first). */
const JOBS = 30;

/**
 * What the dashboard at /app shows (issue 29, item 3), read in one request as the editor's state
 * is: the newest jobs as folders (GET /v1/clips/:jobId's view: folder name, status, progress,
 * clips with score, sub-scores and reason), each clip's render and posts, and the team's
 * connected platforms. A page read, not a /v1 status check: a dashboard that follows thirty jobs
 * live would spend the spec's status-check limits (6 a minute per job, 30 per team) in seconds.
 * Every change the page makes goes through /v1.
 */
export interface DashboardState {
  jobs: Array<ClipJobView & { clips: Array<ClipView & { render: Render | null; posts: Post[] }> }>;
  platforms: Array<PlatformConnection & { fix?: string }>;
  /** The event log's seq when this was read: the page follows GET /app/events?after= from it. */
  events_after: number;
}

export interface DashboardDeps {
  sessions: WebSessions;
  store: Pick<Store, 'clipJobs' | 'clips' | 'renders' | 'events'>;
  jobView: (job: ClipJobRow) => Promise<ClipJobView>;
  posts: (teamId: string, clipId: string) => Promise<Post[]>;
  renderView: (row: NonNullable<Awaited<ReturnType<Store['renders']['get']>>>) => Render;
  platforms: (teamId: string) => Promise<PlatformConnection[]>;
}

/** The command that connects a platform again (`needs_reauth`: the grant was revoked or expired). */
export const reconnectCommand = (p: Pick<PlatformConnection, 'platform' | 'connector'>) => `clipper platforms connect ${p.platform} --connector ${p.connector}`;

export async function dashboardState(d: DashboardDeps, teamId: string): Promise<DashboardState> {
  // Read first: an event logged while the rest is read is then sent again, never missed.
  const eventsAfter = await d.store.events.lastSeq();
  const rows = await d.store.clipJobs.listByTeam(teamId, JOBS);
  const jobs = await Promise.all(rows.map(async (row) => {
    const view = await d.jobView(row);
    const clips = await Promise.all(view.clips.map(async (c) => {
      const render = await d.store.renders.get(c.id);
      return { ...c, render: render ? d.renderView(render) : null, posts: await d.posts(teamId, c.id) };
    }));
    return { ...view, clips };
  }));
  const platforms = (await d.platforms(teamId)).map((p) => (p.status === 'needs_reauth' ? { ...p, fix: reconnectCommand(p) } : p));
  return { jobs, platforms, events_after: eventsAfter };
}

export function registerDashboard(router: Router, d: DashboardDeps, notSignedIn: (ctx: RequestContext) => undefined): void {
  router.get('/app', { auth: 'none' }, async (ctx) => {
    const teamId = await d.sessions.signedInTeam(ctx.req);
    if (!teamId) return notSignedIn(ctx);
    const nonce = randomBytes(12).toString('base64');
    const csrf = (await d.sessions.session(ctx.req))?.csrf_token ?? '';
    const jobs = await Promise.all((await d.store.clipJobs.listByTeam(teamId, JOBS)).map(async (j) => ({ folder: j.folder_name, status: j.status, clips: await d.store.clips.listByJob(j.id) })));
    const body = `<div id="dashboard" data-csrf="${escapeHtml(csrf)}"><h1>Your clip jobs</h1><p class="muted" id="loading">Loading…</p><noscript><p class="error">The dashboard needs JavaScript; here are your jobs' clips.</p>${jobLinks(jobs)}</noscript></div>`;
    return sendHtml(ctx.res, 200, pageShell('Clip jobs', body, { nonce, scriptSrc: '/app/assets/dashboard.js', wide: true }), { nonce, mediaOrigin: new URL(d.sessions.baseUrl).origin });
  });

  router.get('/app/dashboard/state', { auth: 'none' }, async (ctx) => {
    const teamId = await d.sessions.signedInTeam(ctx.req);
    if (!teamId) return notSignedIn(ctx);
    return { status: 200, body: await dashboardState(d, teamId), headers: { 'cache-control': 'no-store' } };
  });

  router.get('/app/assets/dashboard.js', { auth: 'none' }, (ctx) => {
    const js = webScript('dashboard');
    if (!js) throw notFound('Dashboard script (run `npm run build`)');
    ctx.res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'content-length': Buffer.byteLength(js), 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' }).end(js);
    return undefined;
  });
}
