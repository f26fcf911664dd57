import { badRequest, notFound } from '../../../src/api/errors.js';
import { newId } from '../../../src/api/ids.js';
import type { Router } from '../../../daemon/server/router.js';
import type { TestDaemon } from '../../helpers/daemon.js';

// INTERIM: renders and posts are on branch `publish`, not yet on main. These routes speak the
// spec's shapes (POST /v1/clips/:clipId/renders, GET /v1/renders/:id, GET /v1/clips/:clipId/posts,
// POST /v1/posts/:id/publish, GET /v1/posts/:id) so `--render` and `--publish` can be tested now.
// They are registered after the daemon's own routes: once the real ones are on main, those
// answer and these are never reached. Drafts appear as the spec says: when a clip's preview
// becomes ready (the daemon's preview-ready hook), one per platform in `draftPlatforms`.

export interface InterimPost {
  id: string;
  clip_id: string;
  platform: string;
  status: string;
  published_url?: string;
}

export interface InterimService {
  draftPlatforms: string[];
  posts: Map<string, InterimPost>;
  renders: Map<string, { render_id: string; status: string; output_url?: string }>;
}

export function newInterimService(): InterimService {
  return { draftPlatforms: [], posts: new Map(), renders: new Map() };
}

/** Drafts for each clip whose preview becomes ready (spec "Post": `draft` when a preview is ready). */
export function hookDrafts(d: TestDaemon, svc: InterimService): void {
  d.app.previewReadyHooks.push((clip) => {
    for (const platform of svc.draftPlatforms) {
      const id = newId('post');
      svc.posts.set(id, { id, clip_id: clip.id, platform, status: 'draft' });
    }
  });
}

export function interimRoutes(router: Router, svc: InterimService): void {
  router.post('/v1/clips/:clipId/renders', { auth: 'any' }, (ctx) => {
    if (!ctx.app.clips.byId(ctx.params.clipId)) throw notFound('Clip', ctx.params.clipId);
    // Rendered at once: the watcher's following of a render is what is tested here.
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
