import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../objects/object-store.js';
import { notFound } from '../../src/api/errors.js';
import type { HeavyQueue } from '../pipeline/heavy-queue.js';
import { HEAVY_PRIORITY } from '../pipeline/heavy-queue.js';
import { audioPeaks, thumbnailStrip, type TimeSpan } from '../pipeline/media/timeline.js';
import type { ClipRow } from '../store/clips.js';
import type { Store } from '../store/index.js';
import type { RequestContext, Router } from '../server/router.js';
import { editorScript } from './assets.js';
import { messagePage } from './clip-page.js';
import { editorPage } from './editor-page.js';
import { editorState, sourceWindow, type EditorStateDeps } from './editor-state.js';
import { sendHtml } from './html.js';
import type { WebSessions } from './session.js';

export interface EditorDeps extends EditorStateDeps {
  sessions: WebSessions;
  store: EditorStateDeps['store'] & Pick<Store, 'clips'>;
  heavy: HeavyQueue;
  localPath: (key: string) => Promise<string | undefined>;
  objects: Pick<ObjectStore, 'get' | 'stat'>;
  baseUrl: () => string;
}

/** Bars of the waveform and frames of the strip under the timeline. */
const PEAKS = 600;
const THUMBS = 12;
const THUMB_HEIGHT = 64;

/**
 * The editor's page and what only the page reads (issue 16): its shell, its state, the waveform
 * and thumbnails of the source around the clip, and the bundled script. Sign-in as on every page
 * (a bearer token or the session cookie); changes go through /v1, never through here.
 */
export function registerEditorRoutes(router: Router, d: EditorDeps, notSignedIn: (ctx: RequestContext) => undefined): void {
  const signedInClip = async (ctx: RequestContext): Promise<{ teamId: string; clip: ClipRow } | undefined> => {
    const teamId = await d.sessions.signedInTeam(ctx.req);
    if (!teamId) return undefined;
    const clip = await d.store.clips.get(teamId, ctx.params.clipId);
    if (!clip) throw notFound('Clip', ctx.params.clipId);
    return { teamId, clip };
  };

  router.get('/app/clips/:clipId', { auth: 'none' }, async (ctx) => {
    const teamId = await d.sessions.signedInTeam(ctx.req);
    if (!teamId) return notSignedIn(ctx);
    const clip = await d.store.clips.get(teamId, ctx.params.clipId);
    if (!clip) return sendHtml(ctx.res, 404, messagePage('Not found', `There is no clip ${ctx.params.clipId} in your team.`));
    const nonce = randomBytes(12).toString('base64');
    const html = editorPage(clip.id, clip.title, { csrf: (await d.sessions.session(ctx.req))?.csrf_token, nonce });
    return sendHtml(ctx.res, 200, html, { nonce, mediaOrigin: new URL(d.baseUrl()).origin });
  });

  router.get('/app/clips/:clipId/state', { auth: 'none' }, async (ctx) => {
    const found = await signedInClip(ctx);
    if (!found) return notSignedIn(ctx);
    const state = await editorState(d, found.teamId, found.clip);
    if (!state) throw notFound('Source video of clip', found.clip.id);
    return { status: 200, body: state, headers: { 'cache-control': 'no-store' } };
  });

  router.get('/app/clips/:clipId/waveform', { auth: 'none' }, async (ctx) => {
    const found = await signedInClip(ctx);
    if (!found) return notSignedIn(ctx);
    const { media, span, hasAudio } = await sourceSpan(found.clip);
    const peaks = await d.heavy.run(() => audioPeaks(media, span, PEAKS, { hasAudio }), { priority: HEAVY_PRIORITY.preview });
    return { status: 200, body: { start: span.start, end: span.end, peaks }, headers: { 'cache-control': 'private, max-age=300' } };
  });

  router.get('/app/clips/:clipId/thumbnails.jpg', { auth: 'none' }, async (ctx) => {
    const found = await signedInClip(ctx);
    if (!found) return notSignedIn(ctx);
    const { media, span } = await sourceSpan(found.clip);
    const jpeg = await d.heavy.run(() => thumbnailStrip(media, span, THUMBS, THUMB_HEIGHT), { priority: HEAVY_PRIORITY.preview });
    ctx.res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length, 'cache-control': 'private, max-age=300', 'x-thumbnail-count': String(THUMBS) }).end(jpeg);
    return undefined;
  });

  /**
   * The render as a download named after the clip (issue 29: "the download named after the clip",
   * not `1.mp4`): the same bytes as the render's output_url, from the daemon's own origin so the
   * browser keeps the name.
   */
  router.get('/app/clips/:clipId/download', { auth: 'none' }, async (ctx) => {
    const found = await signedInClip(ctx);
    if (!found) return notSignedIn(ctx);
    const render = await d.store.renders.get(found.clip.id);
    if (render?.status !== 'done' || !render.output_key) throw notFound('Finished render of clip', found.clip.id);
    const stat = await d.objects.stat(render.output_key);
    if (!stat) throw notFound('Finished render of clip', found.clip.id);
    const name = downloadName(found.clip.title);
    ctx.res.writeHead(200, {
      'content-type': 'video/mp4', 'content-length': stat.size, 'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
    await pipeline(await d.objects.get(render.output_key), ctx.res);
    return undefined;
  });

  router.get('/app/assets/editor.js', { auth: 'none' }, (ctx) => {
    const js = editorScript();
    if (!js) throw notFound('Editor script (run `npm run build`)');
    ctx.res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'content-length': Buffer.byteLength(js), 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' }).end(js);
    return undefined;
  });

  /** The stored source and the window of it the timeline shows (editor-state.ts). */
  async function sourceSpan(clip: ClipRow): Promise<{ media: string; span: TimeSpan; hasAudio: boolean }> {
    const src = await sourceWindow(d.store, clip.team_id, clip);
    const media = src ? await d.localPath(src.mediaKey) : undefined;
    if (!src || !media) throw notFound('Source video of clip', clip.id);
    return { media, span: src.window, hasAudio: src.probe.hasAudio };
  }
}

/** A file name from a clip's title: its letters and digits in lower case, joined by dashes. */
export function downloadName(title: string): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
  return `${slug || 'clip'}.mp4`;
}
