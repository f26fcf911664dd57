import type { Box } from './types.js';

// Cheap per-sample picture measures (all in plain JavaScript on small frames): colour for the
// detector, block averages of a region, and the mean difference of two of them. Used for scene cuts,
// motion and mouth activity; the face detector is the only expensive step.

/**
 * The part `box` of a full-range YUV 4:2:0 frame (ffmpeg's planar yuv420p with out_range=full)
 * as RGB24, written into `out` (a whole frame's size; only that part is written). BT.601, as
 * ffmpeg's own conversion to rgb24 of a source without colour tags.
 */
export function yuvToRgb(yuv: Uint8Array, width: number, height: number, box: Box, out: Buffer): void {
  const uBase = width * height;
  const vBase = uBase + (width >> 1) * (height >> 1);
  const x0 = Math.max(0, Math.floor(box.x));
  const x1 = Math.min(width, Math.ceil(box.x + box.w));
  const y1 = Math.min(height, Math.ceil(box.y + box.h));
  const clip = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = Math.max(0, Math.floor(box.y)); y < y1; y++) {
    const c = (y >> 1) * (width >> 1);
    for (let x = x0, p = (y * width + x0) * 3; x < x1; x++, p += 3) {
      const Y = yuv[y * width + x];
      const u = yuv[uBase + c + (x >> 1)] - 128;
      const v = yuv[vBase + c + (x >> 1)] - 128;
      out[p] = clip(Y + 1.402 * v);
      out[p + 1] = clip(Y - 0.344136 * u - 0.714136 * v);
      out[p + 2] = clip(Y + 1.772 * u);
    }
  }
}

/**
 * The region `box` of a grey frame averaged down to cols x rows blocks (0..255 each). A region
 * partly outside the frame is clipped to it; an empty one gives zeros.
 */
export function blocks(grey: Uint8Array, width: number, height: number, box: Box, cols: number, rows: number): Float32Array {
  const out = new Float32Array(cols * rows);
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.w));
  const y1 = Math.min(height, Math.ceil(box.y + box.h));
  if (x1 <= x0 || y1 <= y0) return out;
  const counts = new Uint32Array(cols * rows);
  for (let y = y0; y < y1; y++) {
    const r = Math.min(rows - 1, Math.floor(((y - y0) * rows) / (y1 - y0)));
    for (let x = x0; x < x1; x++) {
      const c = Math.min(cols - 1, Math.floor(((x - x0) * cols) / (x1 - x0)));
      out[r * cols + c] += grey[y * width + x];
      counts[r * cols + c]++;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = counts[i] ? out[i] / counts[i] : 0;
  return out;
}

/** Blocks of cols x rows averaged 2x2 into (cols/2) x (rows/2): a coarser grid without reading the frame again. */
export function halve(fine: Float32Array, cols: number, rows: number): Float32Array {
  const c2 = cols >> 1;
  const out = new Float32Array(c2 * (rows >> 1));
  for (let i = 0; i < out.length; i++) {
    const k = 2 * Math.floor(i / c2) * cols + 2 * (i % c2);
    out[i] = (fine[k] + fine[k + 1] + fine[k + cols] + fine[k + cols + 1]) / 4;
  }
  return out;
}

/** Mean absolute difference of two equal-length block arrays (0..255). */
export function meanDiff(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return a.length ? sum / a.length : 0;
}

/** Per-block absolute differences (where the picture moved). */
export function diffMap(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.abs(a[i] - b[i]);
  return out;
}

export const centreOf = (b: Box) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/** Intersection over union of two boxes (0 when apart). */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.w * a.h + b.w * b.h - inter);
}
