import { escapeHtml, pageShell } from './html.js';

/**
 * The editor behind `editor_url` (issue 16): a shell the bundled script (web/editor/) fills from
 * GET /app/clips/:clipId/state, and every change goes through /v1 with the session cookie and the
 * CSRF token given here. Without the script the page says so instead of showing nothing.
 */
export function editorPage(clipId: string, title: string, ctx: { csrf: string | undefined; nonce: string }) {
  const body = `
<div id="editor" data-clip-id="${escapeHtml(clipId)}" data-csrf="${escapeHtml(ctx.csrf ?? '')}">
  <h1>${escapeHtml(title)}</h1>
  <p class="muted" id="loading">Loading the editor…</p>
  <noscript><p class="error">The editor needs JavaScript.</p></noscript>
</div>`;
  return pageShell(title, body, { nonce: ctx.nonce, scriptSrc: '/app/assets/editor.js', wide: true });
}
