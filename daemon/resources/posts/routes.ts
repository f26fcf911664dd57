import type { Router } from '../../server/router.js';
import type { PostService } from './service.js';

/** Posts (spec "Endpoints": list, read, edit, publish; DESIGN.md: cancel). Thin: the post service decides. */
export function registerPostRoutes(router: Router, posts: PostService): void {
  router.get('/v1/clips/:clipId/posts', { auth: 'any', statusCheck: (p) => `clip-posts:${p.clipId}` }, async (ctx) => ({
    status: 200,
    body: { posts: await posts.listForClip(ctx.principal.teamId, ctx.params.clipId) },
  }));
  // DESIGN.md "Second round": a new draft of a clip for a connected platform.
  router.post('/v1/clips/:clipId/posts', { auth: 'any' }, async (ctx) => ({
    status: 201,
    body: { post: await posts.createForClip(ctx.principal.teamId, ctx.params.clipId, await ctx.json()) },
  }));
  router.get('/v1/posts/:postId', { auth: 'any', statusCheck: (p) => `post:${p.postId}` }, async (ctx) => ({
    status: 200,
    body: { post: await posts.get(ctx.principal.teamId, ctx.params.postId) },
  }));
  // Spec: "Response 200: the full updated post, same shape as GET /v1/posts/:postId".
  router.put('/v1/posts/:postId', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: { post: await posts.edit(ctx.principal.teamId, ctx.params.postId, await ctx.json()) },
  }));
  router.post('/v1/posts/:postId/publish', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: { post: await posts.publish(ctx.principal.teamId, ctx.params.postId, await ctx.json()) },
  }));
  router.post('/v1/posts/:postId/cancel', { auth: 'any' }, async (ctx) => ({
    status: 200,
    body: { post: await posts.cancel(ctx.principal.teamId, ctx.params.postId, await ctx.json()) },
  }));
}
