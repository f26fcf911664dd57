// The editor's markup: built once, then filled by main.ts. Every control has a visible label or
// an aria-label (issue 16, item 5: "accessible labels").
import { CaptionOverlay } from './captions.js';
import type { EditorState } from './types.js';

export interface Parts {
  heading: HTMLElement;
  status: HTMLElement;
  player: HTMLElement;
  video: HTMLVideoElement;
  canvas: HTMLCanvasElement;
  scrub: HTMLInputElement;
  time: HTMLElement;
  undo: HTMLButtonElement;
  redo: HTMLButtonElement;
  zoomIn: HTMLButtonElement;
  zoomOut: HTMLButtonElement;
  pending: HTMLElement;
  overlay: CaptionOverlay;
  play: HTMLButtonElement;
  timelineSlot: HTMLElement;
  spanText: HTMLElement;
  saveTrim: HTMLButtonElement;
  title: HTMLInputElement;
  saveTitle: HTMLButtonElement;
  words: HTMLElement;
  saveWords: HTMLButtonElement;
  styles: HTMLElement;
  /** Issue 30, item 3: the render's `caption_speakers`. */
  speakers: HTMLInputElement;
  render: HTMLButtonElement;
  renderState: HTMLElement;
  progress: HTMLProgressElement;
  download: HTMLAnchorElement;
  posts: HTMLElement;
  logout: HTMLButtonElement;
}

const STYLES = ['classic', 'karaoke', 'pop', 'boxed', 'minimal'];

export function layout(root: HTMLElement, state: EditorState): Parts {
  root.innerHTML = `
<div class="topbar"><p class="muted">${esc(state.folder)}</p><button type="button" id="logout">Sign out</button></div>
<h1 id="clip-title"></h1>
<p class="status" id="status" role="status" aria-live="polite"></p>
<div class="editor">
  <div>
    <div class="player" id="player">
      <video id="video" playsinline preload="auto" aria-hidden="true" tabindex="-1"></video>
      <canvas id="frame" role="img" aria-label="The clip as it will be posted: framed, with captions"></canvas>
      <div class="caption" id="caption" aria-hidden="true"></div>
      <div class="remaking" id="pending" hidden>The preview is being made again…</div>
    </div>
    <div class="controls">
      <button type="button" id="play" class="primary" aria-keyshortcuts="Space">Play / pause</button>
      <input type="range" id="scrub" class="scrub" min="0" max="1" step="0.05" value="0" aria-label="Position in the clip">
      <span class="span-times" id="time">0:00.0 / 0:00.0</span>
    </div>
    <p class="muted keys">Keys: <kbd>Space</kbd> play, <kbd>[</kbd> <kbd>]</kbd> set start/end, <kbd>S</kbd> split, <kbd>←</kbd> <kbd>→</kbd> nudge (<kbd>Shift</kbd>: to a word), <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> redo</p>
  </div>
  <div>
    <h2>Trim</h2>
    <div class="row"><button type="button" id="undo" aria-keyshortcuts="Control+Z" disabled>Undo</button><button type="button" id="redo" aria-keyshortcuts="Control+Shift+Z" disabled>Redo</button>
      <button type="button" id="zoom-out" aria-label="Zoom the timeline out">−</button><button type="button" id="zoom-in" aria-label="Zoom the timeline in">+</button></div>
    <div id="timeline-slot"></div>
    <div class="row"><span class="span-times" id="span-text"></span><button type="button" class="primary" id="save-trim" disabled>Save trim</button></div>
    <h2><label for="title-input">Title</label></h2>
    <div class="row"><input class="title" id="title-input" maxlength="100"><button type="button" id="save-title">Save title</button></div>
    <h2>Transcript</h2>
    <div id="words"></div>
    <div class="row"><button type="button" class="primary" id="save-words" disabled>Save transcript</button></div>
    <h2 id="style-label">Caption style</h2>
    <fieldset class="styles" id="styles" aria-labelledby="style-label">
      ${STYLES.map((s, i) => `<label><input type="radio" name="style" value="${s}"${i ? '' : ' checked'}> ${s}</label>`).join('')}
    </fieldset>
    <div class="row"><label><input type="checkbox" id="caption-speakers"${state.render?.caption_speakers ? ' checked' : ''}> Show who speaks (a colour per speaker)</label></div>
    <h2>Render</h2>
    <div class="row"><button type="button" class="primary" id="render">Render</button><span id="render-state"></span></div>
    <progress class="progress" id="progress" max="1" value="0" aria-label="Render progress" hidden></progress>
    <p><a id="download" hidden>Download the render</a></p>
    <h2>Drafts</h2>
    <div id="posts"></div>
  </div>
</div>`;
  const $ = <T extends HTMLElement>(id: string) => root.querySelector<T>(`#${id}`)!;
  const video = $<HTMLVideoElement>('video');
  video.src = state.source.url;
  return {
    heading: $('clip-title'), status: $('status'), player: $('player'), video, pending: $('pending'), canvas: $('frame'),
    scrub: $('scrub'), time: $('time'), undo: $('undo'), redo: $('redo'), zoomIn: $('zoom-in'), zoomOut: $('zoom-out'),
    overlay: new CaptionOverlay($('caption')), play: $('play'), timelineSlot: $('timeline-slot'), spanText: $('span-text'),
    saveTrim: $('save-trim'), title: $('title-input'), saveTitle: $('save-title'), words: $('words'), saveWords: $('save-words'),
    styles: $('styles'), speakers: $<HTMLInputElement>('caption-speakers'), render: $('render'), renderState: $('render-state'), progress: $('progress'), download: $('download'),
    posts: $('posts'), logout: $('logout'),
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
