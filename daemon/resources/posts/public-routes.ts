import { createReadStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../../../src/api/errors.js';
import { publicPostPage } from './public-page.js';
import type { Router } from '../../server/router.js';
import type { LocalConnector } from '../platforms/connectors/local.js';

/**
 * Public pages of posts published with the `local` connector (DESIGN.md: `<base>/p/<postId>`),
 * outside /v1: no sign-in, not rate limited. The video answers Range requests so it can be
 * played and scrubbed in a browser.
 */
export function registerPublicPostRoutes(router: Router, local: LocalConnector): void {
  router.get('/p/:postId', { auth: 'none' }, (ctx) => {
    const publication = local.read(ctx.params.postId);
    if (!publication) throw notFound('Published post', ctx.params.postId);
    const html = publicPostPage(publication);
    ctx.res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'public, max-age=60' });
    ctx.res.end(ctx.method === 'HEAD' ? undefined : html);
    return undefined;
  });

  router.get('/p/:postId/video.mp4', { auth: 'none' }, async (ctx) => {
    if (!local.read(ctx.params.postId)) throw notFound('Published post', ctx.params.postId);
    const file = local.videoPath(ctx.params.postId);
    const size = statSync(file).size;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(ctx.req.headers.range ?? ''));
    let start = 0;
    let end = size - 1;
    if (range && (range[1] || range[2])) {
      start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end || start >= size) {
        ctx.res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
        return undefined;
      }
    }
    const partial = start !== 0 || end !== size - 1;
    ctx.res.writeHead(partial ? 206 : 200, {
      'Content-Type': 'video/mp4',
      'Content-Length': end - start + 1,
      'Accept-Ranges': 'bytes',
      ...(partial ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    });
    if (ctx.method === 'HEAD') ctx.res.end();
    else await pipeline(createReadStream(file, { start, end }), ctx.res);
    return undefined;
  });
}
