// The web editor (issue 16): trim, fix the transcript, pick a caption style, title, render and
// publish, all through /v1 with the signed-in session. Vanilla TypeScript modules bundled by
// scripts/build.mjs (esbuild) into dist/web/editor.js; no CDN, no framework.
import { Api, ApiError } from './api.js';
import { bindShortcuts } from './shortcuts.js';
import { EDITOR_CSS } from './styles.js';
import { Timeline } from './timeline.js';
import { TranscriptEditor } from './transcript.js';
import { PostCards, postCard } from './posts.js';
import type { EditorState, Word } from './types.js';
import { layout, type Parts } from './layout.js';
import { CutsPanel } from './cuts-panel.js';
import { Live, type LiveEvent } from './live.js';
import { History } from './history.js';
import { FramedPlayer, clock } from './player.js';
import type { Timed } from './snap.js';

const root = document.getElementById('editor')!;
const api = new Api(root.dataset.clipId!, root.dataset.csrf ?? '');
document.head.append(Object.assign(document.createElement('style'), { textContent: EDITOR_CSS }));

let state: EditorState;
let parts: Parts;
let timeline: Timeline;
let player: FramedPlayer;
let cards: PostCards;
/** The caption style: the last render's, else the one last picked for this clip here (issue 29). */
const STYLE_KEY = `clipper.style.${root.dataset.clipId}`;
let style = 'classic';
let cuts: CutsPanel;
/** The plan the player draws now (the chosen aspect's). */
let shownFraming: EditorState['framing'] | undefined;
/** The title the field was last filled with from the server: a different value is the person's. */
let titleShown = '';
/** Undo/redo of the trim, the words and the title (issue 29, item 2). */
type Snapshot = { span: Timed; words: Word[]; title: string };
let history: History<Snapshot>;
let restoring = false;
const transcript = new TranscriptEditor({ onSeek: (t) => seek(t), onChange: () => ((parts.saveWords.disabled = false), remember('words')) });

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
  // The chosen aspect's frame: its plan in the player, its caption sizes over it.
  const frame = state.aspects?.[cuts.aspect];
  const c = state.captions[style];
  parts.overlay.draw(c.lines, frame?.presets[style] ?? c.preset, t - state.clip.start, parts.player.clientHeight, frame?.size.height);
  if (frame && frame.framing !== shownFraming) player.use((shownFraming = frame.framing));
  player.draw(t - state.clip.start);
  const length = timeline.span.end - timeline.span.start;
  parts.scrub.max = length.toFixed(2);
  if (document.activeElement !== parts.scrub) parts.scrub.value = String(Math.max(0, t - timeline.span.start));
  parts.time.textContent = `${clock(t - timeline.span.start)} / ${clock(length)}`;
  requestAnimationFrame(tick);
}

const snapshot = (): Snapshot => ({ span: { ...timeline.span }, words: transcript.words, title: parts.title.value });
function remember(kind: string): void {
  if (history && !restoring) history.push(snapshot(), kind);
}

/** Puts an undone or redone snapshot on the page: the trim, the words and the title. */
function restore(s: Snapshot | undefined): void {
  if (!s) return;
  restoring = true;
  timeline.setSpan(s.span);
  trimChanged(s.span);
  if (JSON.stringify(s.words) !== JSON.stringify(transcript.words)) {
    transcript.set(s.words, JSON.stringify(s.words) !== JSON.stringify(state.words));
    parts.saveWords.disabled = !transcript.dirty;
  }
  parts.title.value = s.title;
  restoring = false;
}

function trimChanged(span: Timed): void {
  parts.spanText.textContent = `${span.start.toFixed(2)} s – ${span.end.toFixed(2)} s (${(span.end - span.start).toFixed(2)} s)`;
  parts.saveTrim.disabled = span.start === state.clip.start && span.end === state.clip.end;
  remember('trim');
}

async function load(): Promise<number> {
  state = await api.state();
  const first = !parts;
  if (first) {
    parts = layout(root, state);
    parts.words.replaceWith(transcript.el);
    // Issue 29: the aspect switch and the removed-spans list, after the caption styles.
    cuts = new CutsPanel({ api, player: parts.player, initial: state.render, onError: fail });
    parts.styles.after(cuts.el);
    style = state.render?.caption_style ?? localStorage.getItem(STYLE_KEY) ?? 'classic';
    const radio = parts.styles.querySelector<HTMLInputElement>(`input[value="${style}"]`);
    if (radio) radio.checked = true;
    player = new FramedPlayer(parts.canvas, parts.video, state.framing);
    cards = new PostCards(parts.posts, (p) => postCard(p, state.limits, api, (m) => (say(m), void live.now()), fail));
    bindControls();
  }
  parts.heading.textContent = state.clip.title;
  // Live state never overwrites what the person is typing (issue 29, item 1).
  if (first || (parts.title.value === titleShown && document.activeElement !== parts.title)) parts.title.value = titleShown = state.clip.title;
  parts.pending.hidden = Boolean(state.clip.preview_url);
  if (first || (!transcript.dirty && !transcript.editing() && JSON.stringify(transcript.words) !== JSON.stringify(state.words))) transcript.set(state.words);
  parts.saveWords.disabled = !transcript.dirty;
  if (first) {
    timeline = new Timeline({
      window: state.window, duration: state.source.duration, words: state.window_words, span: state.clip,
      thumbnails: `/app/clips/${state.clip.id}/thumbnails.jpg`,
      onChange: trimChanged,
      onSeek: seek,
    });
    parts.timelineSlot.replaceWith(timeline.frame);
    timeline.move('start', state.clip.start);
    history = new History(snapshot(), () => {
      parts.undo.disabled = !history.canUndo;
      parts.redo.disabled = !history.canRedo;
    });
    seek(state.clip.start);
    api.waveform().then((w) => timeline.setPeaks(w.peaks), fail);
    requestAnimationFrame(tick);
  }
  drawRender();
  cards.show(state.posts);
  return state.events_after;
}

function drawRender(): void {
  const r = state.render;
  const busy = r?.status === 'processing' || r?.status === 'queued';
  parts.renderState.textContent = r ? `Render ${r.status}${busy ? ` ${Math.round(r.progress * 100)}%` : ''}${r.caption_style ? ` · ${r.caption_style} captions` : ''}${r.error ? `: ${r.error}` : ''}` : 'Not rendered yet.';
  parts.progress.hidden = !r || r.status === 'done' || r.status === 'failed';
  parts.progress.value = r?.progress ?? 0;
  parts.download.hidden = !r?.output_url;
  // Same origin, so the browser keeps the name the daemon gives it (the clip's title).
  if (r?.output_url) parts.download.href = `/app/clips/${state.clip.id}/download`;
}

/** Something is being made: a preview, a render, or a post on its way out. */
const busy = () => Boolean(state) && (!state.clip.preview_url || Boolean(state.render && !['done', 'failed'].includes(state.render.status)) || state.posts.some((p) => ['queued', 'processing', 'uploading'].includes(p.status)));

/**
 * One event of the team's stream: this clip's render progress is drawn as it comes; its render's
 * start and end, its posts' status and (while its preview is on its way) its job's progress read
 * the state again. Other clips' events are not this page's.
 */
function onEvent(e: LiveEvent): boolean {
  const mine = e.data.project_id === state.clip.id || e.data.clip_id === state.clip.id;
  if (e.type === 'project.render.progress' && mine && state.render && typeof e.data.progress === 'number') {
    state.render = { ...state.render, status: 'processing', progress: Math.max(state.render.progress, e.data.progress) };
    drawRender();
    return false;
  }
  return mine || (e.type.startsWith('asset.') && !state.clip.preview_url);
}

const live = new Live({ read: load, busy, unannounced: () => Boolean(state) && !state.clip.preview_url, onEvent, fail });

async function saveTrim(): Promise<void> {
  parts.saveTrim.disabled = true;
  try {
    await api.patchClip({ start: timeline.span.start, end: timeline.span.end });
    say('Trim saved: the preview is being made again and the drafts were rewritten.');
    await live.now();
  } catch (e) {
    fail(e);
  }
}

/** A listener for async work: its failure is shown, never dropped. */
const act = (work: () => Promise<void>) => () => void work().catch(fail);

function bindControls(): void {
  parts.play.addEventListener('click', togglePlay);
  parts.scrub.addEventListener('input', () => seek(timeline.span.start + Number(parts.scrub.value)));
  parts.undo.addEventListener('click', () => restore(history.undo()));
  parts.redo.addEventListener('click', () => restore(history.redo()));
  parts.zoomIn.addEventListener('click', () => timeline.setZoom(timeline.zoom * 2));
  parts.zoomOut.addEventListener('click', () => timeline.setZoom(timeline.zoom / 2));
  parts.title.addEventListener('input', () => remember('title'));
  parts.saveTrim.addEventListener('click', () => void saveTrim());
  parts.saveTitle.addEventListener('click', act(async () => {
    const title = parts.title.value;
    await api.patchClip({ title });
    titleShown = title;
    say('Title saved.');
    await live.now();
  }));
  parts.saveWords.addEventListener('click', act(async () => {
    await api.putTranscript(transcript.words);
    transcript.dirty = false;
    say('Transcript saved: captions, title and drafts use the corrected words.');
    await live.now();
  }));
  parts.styles.addEventListener('change', (e) => {
    style = (e.target as HTMLInputElement).value;
    localStorage.setItem(STYLE_KEY, style);
  });
  parts.render.addEventListener('click', act(async () => {
    await api.render(style, { ...cuts.options(), ...(parts.speakers.checked ? { caption_speakers: true } : {}) });
    say(`Rendering with the ${style} captions.`);
    await live.now();
  }));
  parts.logout.addEventListener('click', act(async () => {
    await api.logout().catch(() => undefined);
    location.href = '/app/login?signed_out=1';
  }));
  bindShortcuts({
    togglePlay, timeline: () => timeline, playhead: () => parts.video.currentTime, saveTrim: () => void saveTrim(),
    undo: () => restore(history.undo()), redo: () => restore(history.redo()),
  });
}

live.now().catch(fail);
