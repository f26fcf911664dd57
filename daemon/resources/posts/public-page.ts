import type { LocalPublication } from '../platforms/connectors/local.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The public page of a post published with the `local` connector (DESIGN.md: `published_url` is
 * `<base>/p/<postId>`): the video and its caption, readable without signing in.
 */
export function publicPostPage(p: LocalPublication): string {
  const title = p.title ?? p.caption.split('\n')[0].slice(0, 80) ?? 'Clip';
  const caption = escapeHtml(p.caption).replace(/\n/g, '<br>');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta property="og:type" content="video.other">
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:video" content="${escapeHtml(p.url)}/video.mp4">
<style>
  body { margin: 0; background: #111; color: #eee; font: 16px/1.5 system-ui, sans-serif; }
  main { max-width: 420px; margin: 0 auto; padding: 16px; }
  video { width: 100%; aspect-ratio: 9 / 16; background: #000; border-radius: 8px; }
  h1 { font-size: 1.1rem; margin: 12px 0 4px; }
  p { white-space: normal; word-wrap: break-word; }
  small { color: #999; }
</style>
</head>
<body>
<main>
<video src="/p/${escapeHtml(p.post_id)}/video.mp4" controls playsinline preload="metadata"></video>
${p.title ? `<h1>${escapeHtml(p.title)}</h1>` : ''}
<p>${caption}</p>
<small>${escapeHtml(p.account_name)} · ${new Date(p.published_at).toISOString().slice(0, 10)}</small>
</main>
</body>
</html>
`;
}
