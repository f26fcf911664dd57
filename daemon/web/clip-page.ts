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

/** The signed-in team's newest jobs, each with links to its clips' pages. */
export function jobsPage(jobs: Array<{ folder: string; status: string; created_at: number; clips: Array<{ id: string; title: string; score: number }> }>) {
  const rows = jobs
    .map((j) => {
      const clips = j.clips.map((c) => `<li><a href="/app/clips/${escapeHtml(c.id)}">${escapeHtml(c.title)}</a> <span class="muted">${c.score.toFixed(2)}</span></li>`).join('');
      return `<h2>${escapeHtml(j.folder)} <span class="muted">${escapeHtml(j.status)} · ${new Date(j.created_at).toISOString().slice(0, 16).replace('T', ' ')}</span></h2><ul>${clips}</ul>`;
    })
    .join('');
  return pageShell('Clip jobs', `<h1>Clip jobs</h1>${rows || '<p class="muted">No clip jobs yet.</p>'}`);
}
