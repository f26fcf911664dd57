// The player as the clip will be posted (issue 29, items 2 and 4): the source drawn on a canvas
// of the chosen aspect ratio through the clip's framing plan re-cut for that ratio by the daemon
// (the moving crop of `fill`, the two windows of `split`: stacked on a tall or square frame, side
// by side on a wide one, the whole picture over a blurred copy for `fit`), as the render lays it
// out (daemon/pipeline/framing/filter.ts); the captions over it, and a scrubber with the time in
// the clip. The <video> plays the sound and is drawn from; it is not shown itself.
import type { Framing, MovingWindow } from './types.js';

type Axis = MovingWindow['x'];

/** The window's edge on one axis at `t` s into the clip (pipeline/framing/filter.ts's path). */
export function axisAt(path: Axis, t: number): number {
  const keys = path.keys;
  if (!keys.length || t < keys[0].t) return path.v0;
  for (let i = 0; i < keys.length - 1; i++) {
    const [a, b] = [keys[i], keys[i + 1]];
    if (t >= a.t && t < b.t) return b.cut ? a.v : a.v + ((b.v - a.v) * (t - a.t)) / (b.t - a.t);
  }
  return keys[keys.length - 1].v;
}

export const clock = (t: number) => `${Math.floor(Math.max(0, t) / 60)}:${(Math.max(0, t) % 60).toFixed(1).padStart(4, '0')}`;

export class FramedPlayer {
  private g: CanvasRenderingContext2D | null;

  constructor(private canvas: HTMLCanvasElement, private video: HTMLVideoElement, private framing: Framing) {
    this.g = canvas.getContext('2d');
    this.use(framing);
  }

  /** The plan for the chosen aspect ratio (the page's state has one per ratio). */
  use(framing: Framing): void {
    this.framing = framing;
    this.canvas.dataset.layout = this.layout();
  }

  private layout(): string {
    return this.framing.layout === 'split' && !this.framing.split ? 'fill' : this.framing.layout;
  }

  /** Draws the frame at `t` s into the clip; the crop drawn is left in data-crop for tests. */
  draw(t: number): void {
    const c = this.canvas;
    const w = Math.max(1, Math.round(c.clientWidth * devicePixelRatio));
    const h = Math.max(1, Math.round(c.clientHeight * devicePixelRatio));
    if (c.width !== w || c.height !== h) [c.width, c.height] = [w, h];
    const g = this.g;
    if (!g || this.video.readyState < 2) return;
    const win = (m: MovingWindow) => ({ x: axisAt(m.x, t), y: axisAt(m.y, t), w: m.w, h: m.h });
    const layout = this.layout();
    if (layout === 'split' && this.framing.split) {
      const top = win(this.framing.split.top);
      const bottom = win(this.framing.split.bottom);
      // A wide frame puts the two side by side, the first on the left (framingFilter).
      const wide = w > h;
      g.drawImage(this.video, top.x, top.y, top.w, top.h, 0, 0, wide ? w / 2 : w, wide ? h : h / 2);
      g.drawImage(this.video, bottom.x, bottom.y, bottom.w, bottom.h, wide ? w / 2 : 0, wide ? 0 : h / 2, wide ? w / 2 : w, wide ? h : h / 2);
      c.dataset.crop = [top, bottom].map((b) => [b.x, b.y, b.w, b.h].map(Math.round).join(',')).join(' ');
      c.dataset.arrange = wide ? 'side-by-side' : 'stacked';
    } else if (layout === 'fit') {
      // The whole picture at the frame's width, or its height when the source is the narrower.
      const { width: sw, height: sh } = this.framing.source;
      const byWidth = sw / sh >= w / h;
      const [fw, fh] = byWidth ? [w, (w * sh) / sw] : [(h * sw) / sh, h];
      g.filter = 'blur(12px)';
      g.drawImage(this.video, 0, 0, w, h);
      g.filter = 'none';
      g.drawImage(this.video, (w - fw) / 2, (h - fh) / 2, fw, fh);
      c.dataset.crop = `0,0,${sw},${sh}`;
    } else {
      const b = toRatio(win(this.framing.fill), w / h, this.framing.source);
      g.drawImage(this.video, b.x, b.y, b.w, b.h, 0, 0, w, h);
      c.dataset.crop = [b.x, b.y, b.w, b.h].map(Math.round).join(',');
    }
  }
}

/**
 * The window held to the canvas's ratio around the same centre, inside the picture: the plan is
 * already re-cut for the chosen ratio, so this only absorbs the canvas's rounding.
 */
function toRatio(b: { x: number; y: number; w: number; h: number }, ratio: number, source: { width: number; height: number }) {
  if (!source.width || !source.height || Math.abs(b.w / b.h - ratio) < 0.01) return b;
  let h = b.h;
  let w = h * ratio;
  if (w > source.width) [w, h] = [source.width, source.width / ratio];
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const x = Math.min(Math.max(0, cx - w / 2), source.width - w);
  const y = Math.min(Math.max(0, cy - h / 2), source.height - h);
  return { x, y, w, h };
}
