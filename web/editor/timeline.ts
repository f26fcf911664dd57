// The trim timeline (issue 16, item 1): the source around the clip as a thumbnail strip and a
// waveform, the clip's span between two handles that snap to word boundaries and pauses, and the
// playhead. Handles are sliders for keyboards and screen readers too.
import { clampSpan, snap, snapPoints, stepTo, type Timed } from './snap.js';

export interface TimelineOptions {
  window: Timed;
  duration: number;
  words: Timed[];
  span: Timed;
  thumbnails: string;
  onChange: (span: Timed) => void;
  onSeek: (t: number) => void;
}

const fmt = (t: number) => `${Math.floor(t / 60)}:${(t % 60).toFixed(1).padStart(4, '0')}`;
/** Pixels within which a dragged handle snaps. */
const SNAP_PX = 10;

export class Timeline {
  readonly el: HTMLElement;
  /** The scrolling frame around the timeline: zoomed in, the timeline is wider than it. */
  readonly frame: HTMLElement;
  zoom = 1;
  private canvas: HTMLCanvasElement;
  private sel: HTMLElement;
  private head: HTMLElement;
  private handles: Record<'start' | 'end', HTMLElement>;
  private peaks: number[] = [];
  span: Timed;
  focused: 'start' | 'end' = 'start';

  constructor(private o: TimelineOptions) {
    this.span = { ...o.span };
    this.el = document.createElement('div');
    this.el.className = 'timeline';
    this.frame = document.createElement('div');
    this.frame.className = 'timeline-frame';
    this.frame.append(this.el);
    this.el.innerHTML = `<img class="thumbs" alt="" src="${o.thumbnails}"><canvas class="wave" aria-hidden="true"></canvas>
      <div class="sel" aria-hidden="true"></div><div class="head" aria-hidden="true"></div>
      <div class="handle" data-h="start" tabindex="0" role="slider" aria-label="Clip start"></div>
      <div class="handle" data-h="end" tabindex="0" role="slider" aria-label="Clip end"></div>`;
    this.canvas = this.el.querySelector('canvas')!;
    this.sel = this.el.querySelector('.sel')!;
    this.head = this.el.querySelector('.head')!;
    this.handles = { start: this.el.querySelector('[data-h="start"]')!, end: this.el.querySelector('[data-h="end"]')! };
    for (const h of ['start', 'end'] as const) this.bindHandle(h);
    this.el.addEventListener('pointerdown', (e) => {
      if ((e.target as HTMLElement).classList.contains('handle')) return;
      this.o.onSeek(this.timeAt(e.clientX));
    });
    new ResizeObserver(() => this.draw()).observe(this.el);
  }

  setPeaks(peaks: number[]): void {
    this.peaks = peaks;
    this.el.dataset.peaks = 'ready';
    this.draw();
  }

  /**
   * Zooms the timeline (issue 29, item 2: "timeline zoom") by `factor`, 1x to 16x, keeping the
   * clip's start in view.
   */
  setZoom(factor: number): void {
    this.zoom = Math.max(1, Math.min(16, factor));
    this.el.style.width = `${this.zoom * 100}%`;
    this.el.dataset.zoom = String(this.zoom);
    this.frame.scrollLeft = (this.pct(this.span.start) / 100) * this.el.clientWidth - this.frame.clientWidth * 0.2;
    this.draw();
  }

  /** Puts the span back (undo, redo) without it counting as a change of the person's. */
  setSpan(span: Timed): void {
    this.span = { ...span };
    this.draw();
  }

  setPlayhead(t: number): void {
    this.head.style.left = `${this.pct(t)}%`;
  }

  /** Moves a handle to `t` (snapped when asked), keeping the span valid. */
  move(handle: 'start' | 'end', t: number, snapTolerance = 0): void {
    const target = snapTolerance > 0 ? snap(t, snapPoints(this.o.words, handle), snapTolerance) : t;
    const next = handle === 'start' ? { start: target, end: this.span.end } : { start: this.span.start, end: target };
    this.span = clampSpan(next.start, next.end, this.o.duration, handle);
    this.draw();
    this.o.onChange(this.span);
  }

  /** Nudges the focused handle: by `seconds`, or to the next snap point when `seconds` is 0. */
  nudge(direction: 1 | -1, seconds: number): void {
    const h = this.focused;
    const t = seconds ? this.span[h] + direction * seconds : stepTo(this.span[h], snapPoints(this.o.words, h), direction);
    this.move(h, t);
  }

  private bindHandle(h: 'start' | 'end'): void {
    const el = this.handles[h];
    el.addEventListener('focus', () => (this.focused = h));
    el.addEventListener('pointerdown', (e) => {
      this.focused = h;
      el.setPointerCapture(e.pointerId);
      const onMove = (ev: PointerEvent) => this.move(h, this.timeAt(ev.clientX), (SNAP_PX / this.el.clientWidth) * this.length());
      const onUp = () => {
        el.removeEventListener('pointermove', onMove);
        el.removeEventListener('pointerup', onUp);
      };
      el.addEventListener('pointermove', onMove);
      el.addEventListener('pointerup', onUp);
    });
  }

  private length(): number {
    return this.o.window.end - this.o.window.start;
  }

  private pct(t: number): number {
    return Math.max(0, Math.min(100, ((t - this.o.window.start) / this.length()) * 100));
  }

  private timeAt(clientX: number): number {
    const box = this.el.getBoundingClientRect();
    return this.o.window.start + ((clientX - box.left) / box.width) * this.length();
  }

  draw(): void {
    const { start, end } = this.span;
    this.sel.style.left = `${this.pct(start)}%`;
    this.sel.style.width = `${this.pct(end) - this.pct(start)}%`;
    for (const h of ['start', 'end'] as const) {
      const el = this.handles[h];
      el.style.left = `${this.pct(this.span[h])}%`;
      el.setAttribute('aria-valuemin', String(this.o.window.start.toFixed(2)));
      el.setAttribute('aria-valuemax', String(this.o.window.end.toFixed(2)));
      el.setAttribute('aria-valuenow', this.span[h].toFixed(2));
      el.setAttribute('aria-valuetext', fmt(this.span[h]));
    }
    const c = this.canvas;
    c.width = Math.max(1, Math.floor(c.clientWidth * devicePixelRatio));
    c.height = Math.max(1, Math.floor(c.clientHeight * devicePixelRatio));
    const g = c.getContext('2d');
    if (!g || !this.peaks.length) return;
    g.clearRect(0, 0, c.width, c.height);
    const bar = c.width / this.peaks.length;
    this.peaks.forEach((p, i) => {
      const t = this.o.window.start + (i / this.peaks.length) * this.length();
      g.fillStyle = t >= start && t <= end ? '#2f6fdf' : '#9aa3b2';
      const h = Math.max(1, p * c.height);
      g.fillRect(i * bar, (c.height - h) / 2, Math.max(1, bar - 0.5), h);
    });
  }
}
