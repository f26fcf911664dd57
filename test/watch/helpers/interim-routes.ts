import { badRequest, notFound } from '../../../src/api/errors.js';
import { newId } from '../../../src/api/ids.js';
import type { Router } from '../../../daemon/server/router.js';

// INTERIM: POST /v1/clips and the render and post endpoints are on branches `jobs` and
// `publish`, not yet on main. These routes speak the spec's shapes so the watcher can be tested
// now; they are registered after the daemon's own, so once the real routes are on main they
// answer instead and these are never reached. Job creation is real where it matters: the
// upload is claimed through the daemon's upload service (409 when not complete or already used).

export interface InterimJob {
  job_id: string;
  team_id: string;
  upload_id: string;
  body: Record<string, unknown>;
  status: 'queued' | 'processing' | 'done' | 'error';
  created_at: number;
  clips: Array<{ id: string; title: string; duration: number; score: number }>;
  error?: string;
}

export interface InterimService {
  jobs: Map<string, InterimJob>;
  /** What a new job becomes at its first check: done with this many clips, or stays queued. */
  finishWith: { clips: number; status: 'done' | 'error' } | undefined;
  /** Posts (one draft per clip on each of these platforms) created when a job is done. */
  draftPlatforms: string[];
  posts: Map<string, { id: string; clip_id: string; platform: string; status: string; published_url?: string }>;
  renders: Map<string, { render_id: string; status: string; output_url?: string }>;
  /** The next this many POST /v1/clips answer 500 (a server failing for a while). */
  failCreates: number;
}

export function interimRoutes(router: Router, svc: InterimService): void {
  router.post('/v1/clips', { auth: 'any' }, async (ctx) => {
    if (svc.failCreates > 0 && svc.failCreates--) throw new Error('database is locked');
    const body = (await ctx.json()) as { source?: { upload_id?: string }; target_duration?: number };
    const uploadId = body?.source?.upload_id;
    if (typeof uploadId !== 'string') throw badRequest('source.upload_id is required', { field: 'source.upload_id' });
    const duration = body.target_duration;
    if (duration !== undefined && !(duration >= 5 && duration <= 600)) throw badRequest('target_duration must be between 5 and 600 seconds', { field: 'target_duration' });
    const jobId = newId('job');
    ctx.app.db.transaction(() => ctx.app.uploads.claimForJob(ctx.principal.teamId, uploadId, jobId))();
    const job: InterimJob = { job_id: jobId, team_id: ctx.principal.teamId, upload_id: uploadId, body: body as Record<string, unknown>, status: 'queued', created_at: ctx.app.clock.now(), clips: [] };
    svc.jobs.set(jobId, job);
    return { status: 202, body: { job_id: jobId, status: 'queued', created_at: job.created_at } };
  });

  router.get('/v1/clips/:jobId', { auth: 'any', statusCheck: (p) => `job:${p.jobId}` }, (ctx) => {
    const job = svc.jobs.get(ctx.params.jobId);
    if (!job || job.team_id !== ctx.principal.teamId) throw notFound('Clip job', ctx.params.jobId);
    if (job.status === 'queued' && svc.finishWith) finish(svc, job, svc.finishWith);
    const { team_id: _t, upload_id: _u, body: _b, ...view } = job;
    return { status: 200, body: view };
  });

  router.post('/v1/clips/:clipId/renders', { auth: 'any' }, (ctx) => {
    const render = { render_id: ctx.params.clipId, status: 'done', output_url: `${ctx.app.baseUrl}/objects/renders/${ctx.params.clipId}.mp4` };
    svc.renders.set(render.render_id, render);
    return { status: 202, body: { render_id: render.render_id, status: 'queued', created_at: ctx.app.clock.now() } };
  });

  router.get('/v1/renders/:renderId', { auth: 'any', statusCheck: (p) => `render:${p.renderId}` }, (ctx) => {
    const render = svc.renders.get(ctx.params.renderId);
    if (!render) throw notFound('Render', ctx.params.renderId);
    return { status: 200, body: render };
  });

  router.get('/v1/clips/:clipId/posts', { auth: 'any', statusCheck: (p) => `clip-posts:${p.clipId}` }, (ctx) => {
    return { status: 200, body: { posts: [...svc.posts.values()].filter((p) => p.clip_id === ctx.params.clipId) } };
  });

  router.post('/v1/posts/:postId/publish', { auth: 'any' }, (ctx) => {
    const post = svc.posts.get(ctx.params.postId);
    if (!post) throw notFound('Post', ctx.params.postId);
    if (post.status !== 'draft') throw badRequest('post is not a draft');
    post.status = 'queued';
    return { status: 200, body: { post } };
  });

  router.get('/v1/posts/:postId', { auth: 'any', statusCheck: (p) => `post:${p.postId}` }, (ctx) => {
    const post = svc.posts.get(ctx.params.postId);
    if (!post) throw notFound('Post', ctx.params.postId);
    // Publishing takes one check here: queued, then published at the next look.
    if (post.status === 'queued') Object.assign(post, { status: 'published', published_url: `${ctx.app.baseUrl}/p/${post.id}` });
    return { status: 200, body: { post } };
  });
}

function finish(svc: InterimService, job: InterimJob, how: { clips: number; status: 'done' | 'error' }): void {
  job.status = how.status;
  if (how.status === 'error') {
    job.error = 'Invalid data found when processing input';
    return;
  }
  job.clips = Array.from({ length: how.clips }, (_, i) => ({ id: newId('clip'), title: `clip ${i + 1}`, duration: 20, score: 0.5 }));
  for (const clip of job.clips) {
    for (const platform of svc.draftPlatforms) {
      const id = newId('post');
      svc.posts.set(id, { id, clip_id: clip.id, platform, status: 'draft' });
    }
  }
}

export function newInterimService(): InterimService {
  return { jobs: new Map(), finishWith: undefined, draftPlatforms: [], posts: new Map(), renders: new Map(), failCreates: 0 };
}
