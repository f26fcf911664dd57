import type { AxisPath, FramingPlan, Layout, MovingWindow } from './types.js';

export interface FrameSize {
  width: number;
  height: number;
}

const num = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * An axis path as an ffmpeg expression of `t` (seconds from the clip start: the input is
 * seeked with -ss, so timestamps start at 0). A flat sum, one term per key, no nesting:
 * a linear stretch adds slope * min(max(t - from, 0), length); a cut adds its jump * gte(t, at).
 * Commas are protected by the single quotes around the whole expression in the filter.
 */
export function pathExpression(path: AxisPath): string {
  const terms = [num(path.v0)];
  let t = 0;
  let v = path.v0;
  for (const k of path.keys) {
    const dv = k.v - v;
    if (Math.abs(dv) >= 0.01) {
      if (k.cut || k.t - t < 1e-3) terms.push(`${num(dv)}*gte(t,${num(k.t)})`);
      else terms.push(`${num(dv / (k.t - t))}*min(max(t-${num(t)},0),${num(k.t - t)})`);
    }
    t = k.t;
    v = k.v;
  }
  return sum(terms).replace(/\+-/g, '-');
}

/** Terms ffmpeg's expression parser takes in one chain: it refuses about 100 (the crop then fails). */
const CHAIN = 32;

/**
 * A sum of any number of terms as chains of at most CHAIN terms, nested in parentheses as a
 * balanced tree (a clip of a swaying speaker has hundreds of keys a minute).
 */
function sum(terms: string[]): string {
  if (terms.length <= CHAIN) return terms.join('+');
  const size = Math.ceil(terms.length / CHAIN);
  const groups: string[] = [];
  for (let i = 0; i < terms.length; i += size) groups.push(`(${sum(terms.slice(i, i + size))})`);
  return sum(groups);
}

/** A crop that moves along its window's path (a still window gives plain numbers). */
export function movingCrop(win: MovingWindow): string {
  const axis = (p: AxisPath) => (p.keys.length ? `'${pathExpression(p)}'` : String(Math.round(p.v0)));
  return `crop=w=${win.w}:h=${win.h}:x=${axis(win.x)}:y=${axis(win.y)}`;
}

const scaleTo = (w: number, h: number) => `scale=${w}:${h}:flags=bicubic`;

/**
 * The video filter that turns the source picture into a `size` frame for the chosen layout
 * (issue 17, item 2). It reads the graph's input and leaves one unlabelled output, so callers
 * write `[0:v]${filter},more-filters[v]` whatever the layout:
 * - fill: the 9:16 window following the subject (or the still centre window), scaled;
 * - fit: the whole picture, scaled to the frame's width, over a blurred, zoomed copy of itself
 *   (blurred at an eighth of the size: the same look for a fraction of the work);
 * - split: the two 9:8 windows, each following its face, stacked.
 * `split` without two faces in the plan falls back to `fill`.
 */
export function framingFilter(plan: FramingPlan, size: FrameSize, layout: Layout = plan.layout): string {
  const { width: W, height: H } = size;
  if (layout === 'split' && plan.split && W > H) {
    // A wide frame (16:9, issue 29) puts the two speakers side by side, left one first.
    const half = 2 * Math.floor(W / 4);
    const left = `${movingCrop(plan.split.top)},${scaleTo(half, H)}`;
    const right = `${movingCrop(plan.split.bottom)},${scaleTo(W - half, H)}`;
    return `split=2[fa][fb];[fa]${left}[ft];[fb]${right}[fd];[ft][fd]hstack,setsar=1`;
  }
  if (layout === 'split' && plan.split) {
    const half = 2 * Math.floor(H / 4);
    const top = `${movingCrop(plan.split.top)},${scaleTo(W, half)}`;
    const bottom = `${movingCrop(plan.split.bottom)},${scaleTo(W, H - half)}`;
    return `split=2[fa][fb];[fa]${top}[ft];[fb]${bottom}[fd];[ft][fd]vstack,setsar=1`;
  }
  if (layout === 'fit') {
    const { width: sw, height: sh } = plan.source;
    const byWidth = sw / sh >= W / H;
    const fw = byWidth ? W : 2 * Math.round((H * sw) / sh / 2);
    const fh = byWidth ? 2 * Math.round((W * sh) / sw / 2) : H;
    const small = { w: 2 * Math.round(W / 16), h: 2 * Math.round(H / 16) };
    const background = `scale=${small.w}:${small.h}:force_original_aspect_ratio=increase,crop=${small.w}:${small.h},boxblur=6:2,${scaleTo(W, H)}`;
    return `split=2[fa][fb];[fa]${background}[fg];[fb]${scaleTo(fw, fh)}[ff];[fg][ff]overlay=${(W - fw) / 2}:${(H - fh) / 2},setsar=1`;
  }
  return `${movingCrop(plan.fill)},${scaleTo(W, H)},setsar=1`;
}
