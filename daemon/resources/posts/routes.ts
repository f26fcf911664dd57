import { emptyBodySchema, parseBody } from '../../../src/api/validate.js';
import type { Router } from '../../server/router.js';

/** Posts (spec "Endpoints": list, read, edit, publish; DESIGN.md: cancel). Thin: the post service decides. */
export function registerPostRoutes(router: Router): void {
  router.get('/v1/clips/:clipId/posts', { auth: 'any', statusCheck: (p) => `clip-posts:${p.clipId}` }, (ctx) => ({
    status: 200,
    body: { posts: ctx.app.posts.listForClip(ctx.principal.teamId, ctx.params.clipId) },
  }));
  router.get('/v1/posts/:postId', { auth: 'any', statusCheck: (p) => `post:${p.postId}` }, (ctx) => ({
    status: 200,
    body: { post: ctx.app.posts.get(ctx.principal.teamId, ctx.params.postId) },
  }));
  // Spec: "Response 200: the full updated post, same shape as GET /v1/posts/:postId".
  router.put('/v1/posts/:postId', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: { post: ctx.app.posts.edit(ctx.principal.teamId, ctx.params.postId, await ctx.json()) },
  }));
  router.post('/v1/posts/:postId/publish', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: { post: ctx.app.posts.publish(ctx.principal.teamId, ctx.params.postId, await ctx.json()) },
  }));
  router.post('/v1/posts/:postId/cancel', { auth: 'any' }, async (ctx) => {
    parseBody(emptyBodySchema, await ctx.json());
    return { status: 200, body: { post: ctx.app.posts.cancel(ctx.principal.teamId, ctx.params.postId) } };
  });
}
