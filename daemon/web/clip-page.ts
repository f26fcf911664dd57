import type { ClipView } from '../../src/api/clips.js';
import type { Word } from '../pipeline/types.js';
import { escapeHtml, pageShell } from './html.js';

const pct = (n: number) => `${Math.round(n * 100)}%`;
const time = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;

/**
 * The clip's page behind `editor_url` (issue 4: "until an editor exists it shows the preview,
 * the transcript and the score breakdown"). Clicking a word plays the preview from there.
 */
export function clipPage(clip: ClipView, ctx: { folder: string; words: Word[]; transcript: string; nonce: string }) {
  const video = clip.preview_url
    ? `<video id="preview" src="${escapeHtml(clip.preview_url)}" controls playsinline preload="metadata"></video>`
    : `<div class="pending">The preview is still rendering; reload in a moment.</div>`;
  const parts = Object.entries(clip.score_breakdown)
    .map(([name, v]) => `<tr><td>${escapeHtml(name)}</td><td><div class="bar"><span style="width:${pct(v)}"></span></div></td><td>${v.toFixed(2)}</td></tr>`)
    .join('');
  const transcript = ctx.words.length
    ? ctx.words.map((w) => `<span data-t="${Math.max(0, w.start - clip.start).toFixed(2)}" title="${time(w.start)}">${escapeHtml(w.text)}</span>`).join(' ')
    : escapeHtml(ctx.transcript || '(no speech in this clip)');
  const body = `
<p class="muted">${escapeHtml(ctx.folder)}</p>
<h1>${escapeHtml(clip.title)}</h1>
<div class="clip">
  <div>${video}</div>
  <div>
    <p><strong>${clip.duration.toFixed(2)} s</strong> · from ${time(clip.start)} to ${time(clip.end)} of the source · score <strong>${clip.score.toFixed(2)}</strong></p>
    <p>${escapeHtml(clip.reason)}</p>
    <h2>Score breakdown</h2>
    <table>${parts}</table>
    <h2>Transcript</h2>
    <p class="transcript" id="transcript">${transcript}</p>
  </div>
</div>`;
  const script = `document.getElementById('transcript').addEventListener('click', function (e) {
  var t = e.target.getAttribute && e.target.getAttribute('data-t'); var v = document.getElementById('preview');
  if (t !== null && t !== undefined && v) { v.currentTime = Number(t); v.play(); }
});`;
  return pageShell(clip.title, body, { nonce: ctx.nonce, script });
}

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
