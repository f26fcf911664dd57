import type { ServerResponse } from 'node:http';

/** Text for HTML element content and attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shell of the daemon's own pages: one small stylesheet, no external resources. */
export function pageShell(title: string, body: string, opts: { nonce?: string; script?: string; scriptSrc?: string; wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · clipper</title>
<style>
  body { margin: 0; background: #f6f6f4; color: #1d1d1b; font: 15px/1.5 system-ui, sans-serif; }
  main { max-width: 980px; margin: 0 auto; padding: 20px; }
  main.wide { max-width: 1280px; padding: 12px; }
  .clip { display: grid; grid-template-columns: minmax(200px, 340px) 1fr; gap: 24px; }
  video, .pending { width: 100%; aspect-ratio: 9 / 16; background: #000; border-radius: 8px; }
  .pending { display: grid; place-items: center; color: #ccc; }
  table { border-collapse: collapse; width: 100%; max-width: 420px; }
  td { padding: 3px 8px 3px 0; }
  .bar { background: #ddd; height: 8px; border-radius: 4px; width: 160px; }
  .bar span { display: block; height: 8px; border-radius: 4px; background: #2f6fdf; }
  .transcript span { cursor: pointer; }
  .transcript span:hover { background: #ffe98f; }
  .muted { color: #595959; }
  form textarea { width: 100%; min-height: 6em; font: 13px monospace; }
  .error { color: #b00020; }
  @media (max-width: 640px) { .clip { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<main${opts.wide ? ' class="wide"' : ''}>
${body}
</main>
${opts.script ? `<script nonce="${opts.nonce}">${opts.script}</script>` : ''}${opts.scriptSrc ? `<script type="module" nonce="${opts.nonce}" src="${opts.scriptSrc}"></script>` : ''}
</body>
</html>
`;
}

/** Writes an HTML page; scripts only with the page's nonce (Content-Security-Policy). */
export function sendHtml(res: ServerResponse, status: number, html: string, opts: { nonce?: string; mediaOrigin?: string; headers?: Record<string, string | string[]> } = {}): undefined {
  const script = opts.nonce ? `'nonce-${opts.nonce}'` : "'none'";
  const media = opts.mediaOrigin ? `'self' ${opts.mediaOrigin}` : "'self'";
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; media-src ${media}; img-src 'self'; connect-src 'self'; form-action 'self'; script-src ${script}; frame-ancestors 'none'; base-uri 'none'`,
    ...opts.headers,
  });
  res.end(html);
  return undefined;
}
