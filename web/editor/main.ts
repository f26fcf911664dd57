// The web editor (issue 16): trim, fix the transcript, pick a caption style, title, render and
// publish, all through /v1 with the signed-in session. Vanilla TypeScript modules bundled by
// scripts/build.mjs (esbuild) into dist/web/editor.js; no CDN, no framework.
import { Api, ApiError } from './api.js';
import { bindShortcuts } from './shortcuts.js';
import { EDITOR_CSS } from './styles.js';
import { Timeline } from './timeline.js';
import { TranscriptEditor } from './transcript.js';
import { postCard } from './posts.js';
import type { EditorState } from './types.js';
import { layout, type Parts } from './layout.js';
import { CutsPanel } from './cuts-panel.js';

const root = document.getElementById('editor')!;
const api = new Api(root.dataset.clipId!, root.dataset.csrf ?? '');
document.head.append(Object.assign(document.createElement('style'), { textContent: EDITOR_CSS }));

let state: EditorState;
let parts: Parts;
let timeline: Timeline;
let style = 'classic';
let cuts: CutsPanel;
const transcript = new TranscriptEditor({ onSeek: (t) => seek(t), onChange: () => (parts.saveWords.disabled = false) });

function say(message: string, error = false): void {
  if (!parts) return void (root.querySelector('#loading')!.textContent = message);
  parts.status.textContent = message;
  parts.status.classList.toggle('error', error);
}
const fail = (e: unknown) => say(e instanceof ApiError || e instanceof Error ? e.message : String(e), true);

function seek(t: number): void {
  parts.video.currentTime = t;
  timeline.setPlayhead(t);
}

/** Plays the trimmed span (from its start when the playhead is outside it). */
function togglePlay(): void {
  const v = parts.video;
  if (!v.paused) return v.pause();
  if (v.currentTime < timeline.span.start || v.currentTime >= timeline.span.end - 0.05) v.currentTime = timeline.span.start;
  void v.play().catch(fail);
}

function tick(): void {
  const t = parts.video.currentTime;
  if (!parts.video.paused && t >= timeline.span.end) {
    parts.video.pause();
    parts.video.currentTime = timeline.span.end;
  }
  timeline.setPlayhead(t);
  transcript.highlight(t);
  const c = state.captions[style];
  parts.overlay.draw(c.lines, c.preset, t - state.clip.start, parts.player.clientHeight);
  requestAnimationFrame(tick);
}

async function load(): Promise<void> {
  state = await api.state();
  const first = !parts;
  if (first) {
    parts = layout(root, state);
    parts.words.replaceWith(transcript.el);
    // Issue 29: the aspect switch and the removed-spans list, after the caption styles.
    cuts = new CutsPanel({ api, player: parts.player, initial: state.render, onError: fail });
    parts.styles.after(cuts.el);
    bindControls();
  }
  parts.heading.textContent = state.clip.title;
  parts.title.value = state.clip.title;
  parts.pending.hidden = Boolean(state.clip.preview_url);
  if (first || !transcript.dirty) transcript.set(state.words);
  parts.saveWords.disabled = !transcript.dirty;
  if (first) {
    timeline = new Timeline({
      window: state.window, duration: state.source.duration, words: state.window_words, span: state.clip,
      thumbnails: `/app/clips/${state.clip.id}/thumbnails.jpg`,
      onChange: (span) => {
        parts.spanText.textContent = `${span.start.toFixed(2)} s – ${span.end.toFixed(2)} s (${(span.end - span.start).toFixed(2)} s)`;
        parts.saveTrim.disabled = span.start === state.clip.start && span.end === state.clip.end;
      },
      onSeek: seek,
    });
    parts.timelineSlot.replaceWith(timeline.el);
    timeline.move('start', state.clip.start);
    seek(state.clip.start);
    api.waveform().then((w) => timeline.setPeaks(w.peaks), fail);
    requestAnimationFrame(tick);
  }
  drawRender();
  parts.posts.replaceChildren(...state.posts.map((p) => postCard(p, state.limits, api, (m) => (say(m), void load()), fail)));
  if (!state.posts.length) parts.posts.textContent = 'No drafts: connect a platform (clipper platforms connect) to get one.';
}

function drawRender(): void {
  const r = state.render;
  parts.renderState.textContent = r ? `Render ${r.status}${r.status === 'processing' || r.status === 'queued' ? ` ${Math.round(r.progress * 100)}%` : ''}${r.error ? `: ${r.error}` : ''}` : 'Not rendered yet.';
  parts.progress.hidden = !r || r.status === 'done' || r.status === 'failed';
  parts.progress.value = r?.progress ?? 0;
  parts.download.hidden = !r?.output_url;
  if (r?.output_url) parts.download.href = r.output_url;
}

/** Reloads the state every 2 s while a render or a preview is being made. */
async function follow(): Promise<void> {
  for (;;) {
    await load();
    const busy = !state.clip.preview_url || (state.render && !['done', 'failed'].includes(state.render.status));
    if (!busy) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function saveTrim(): Promise<void> {
  parts.saveTrim.disabled = true;
  try {
    await api.patchClip({ start: timeline.span.start, end: timeline.span.end });
    say('Trim saved: the preview is being made again and the drafts were rewritten.');
    await follow();
  } catch (e) {
    fail(e);
  }
}

/** A listener for async work: its failure is shown, never dropped. */
const act = (work: () => Promise<void>) => () => void work().catch(fail);

function bindControls(): void {
  parts.play.addEventListener('click', togglePlay);
  parts.saveTrim.addEventListener('click', () => void saveTrim());
  parts.saveTitle.addEventListener('click', act(async () => {
    await api.patchClip({ title: parts.title.value });
    say('Title saved.');
    await load();
  }));
  parts.saveWords.addEventListener('click', act(async () => {
    await api.putTranscript(transcript.words);
    transcript.dirty = false;
    say('Transcript saved: captions, title and drafts use the corrected words.');
    await load();
  }));
  parts.styles.addEventListener('change', (e) => (style = (e.target as HTMLInputElement).value));
  parts.render.addEventListener('click', act(async () => {
    await api.render(style, cuts.options());
    say(`Rendering with the ${style} captions.`);
    await follow();
  }));
  parts.logout.addEventListener('click', act(async () => {
    await api.logout().catch(() => undefined);
    location.href = '/app/login';
  }));
  bindShortcuts({ togglePlay, timeline: () => timeline, playhead: () => parts.video.currentTime, saveTrim: () => void saveTrim() });
}

load().catch(fail);
