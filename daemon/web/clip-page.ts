import { escapeHtml, pageShell } from './html.js';

/** Sign-in form: paste an ID token (`clipper auth token` prints one). */
export function loginPage(next: string, error?: string) {
  return pageShell('Sign in', `
<h1>Sign in</h1>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<p>Paste an ID token of your team. On the machine running the daemon, <code>clipper auth token</code> prints one.</p>
<form method="post" action="/app/login">
  <input type="hidden" name="next" value="${escapeHtml(next)}">
  <textarea name="token" required autofocus></textarea>
  <p><button type="submit">Sign in</button></p>
</form>`);
}

/**
 * Where sign-out lands (issue 29: "the sign-out page does not ask to paste a token"): it says the
 * session ended and how to come back by a one-time link; the token form stays one link away.
 */
export function signedOutPage() {
  return pageShell('Signed out', `
<h1>You are signed out</h1>
<p>This browser's session has ended. To come back, run <code>clipper open</code> (your jobs) or <code>clipper open CLIP_ID</code> (one clip's editor) on a machine signed in to this server: it opens the page signed in.</p>
<p class="muted"><a href="/app/login">Sign in with an ID token instead</a></p>`);
}

export function messagePage(title: string, text: string) {
  return pageShell(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

/**
 * The jobs as plain links, for a browser without JavaScript (inside the dashboard's <noscript>):
 * each job's folder and its clips' editor pages.
 */
export function jobLinks(jobs: Array<{ folder: string; status: string; clips: Array<{ id: string; title: string }> }>): string {
  return jobs
    .map((j) => `<h2>${escapeHtml(j.folder)} <span class="muted">${escapeHtml(j.status)}</span></h2><ul>${j.clips.map((c) => `<li><a href="/app/clips/${escapeHtml(c.id)}">${escapeHtml(c.title)}</a></li>`).join('')}</ul>`)
    .join('');
}
