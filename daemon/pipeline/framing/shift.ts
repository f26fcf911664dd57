import type { Box } from './types.js';

// Block averages from an integral image (made once a sample; sample.ts), and following a face
// between detections without the detector (looks.ts): where did the picture inside the face's
// box go? The box's 8x8 block averages at its detection are compared with the same blocks at
// shifts within reach (every 4 px, then every pixel near the best): each costs 64 look-ups, so
// a few hundred shifts cost less than one pass over the frame.

const CELLS = 8;

/** Sums of every top-left rectangle of a grey frame ((width+1) x (height+1)), into `out` when it fits. */
export function integral(grey: Uint8Array, width: number, height: number, out?: Uint32Array): Uint32Array {
  const stride = width + 1;
  const ii = out && out.length === stride * (height + 1) ? out : new Uint32Array(stride * (height + 1));
  for (let x = 0; x < stride; x++) ii[x] = 0;
  for (let y = 0; y < height; y++) {
    const src = y * width;
    const above = y * stride + 1;
    const here = above + stride;
    ii[here - 1] = 0;
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[src + x];
      ii[here + x] = ii[above + x] + row;
    }
  }
  return ii;
}

/** The box's cols x rows block averages, row by row (the box is clipped to the frame; empty blocks are 0). */
export function cells(ii: Uint32Array, width: number, height: number, box: Box, cols = CELLS, rows = CELLS): Float32Array {
  const out = new Float32Array(cols * rows);
  const stride = width + 1;
  const edge = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  for (let r = 0; r < rows; r++) {
    const y0 = edge(box.y + (r * box.h) / rows, height);
    const y1 = edge(box.y + ((r + 1) * box.h) / rows, height);
    for (let c = 0; c < cols; c++) {
      const x0 = edge(box.x + (c * box.w) / cols, width);
      const x1 = edge(box.x + ((c + 1) * box.w) / cols, width);
      const n = (x1 - x0) * (y1 - y0);
      out[r * cols + c] = n > 0 ? (ii[y1 * stride + x1] - ii[y0 * stride + x1] - ii[y1 * stride + x0] + ii[y0 * stride + x0]) / n : 0;
    }
  }
  return out;
}

/**
 * The shift (whole pixels, at most `reach` each way) that makes the box's blocks look most like
 * `ref`, and how unlike they still are (mean grey-level difference): every 4 px first, then every
 * pixel around the best of those. Shifts that leave the frame are not tried.
 */
export function bestShift(ii: Uint32Array, width: number, height: number, ref: Float32Array, box: Box, reach: number) {
  const stride = width + 1;
  const ex = Array.from({ length: CELLS + 1 }, (_, c) => Math.round(box.x + (c * box.w) / CELLS));
  const ey = Array.from({ length: CELLS + 1 }, (_, r) => Math.round(box.y + (r * box.h) / CELLS));
  const unlike = (dx: number, dy: number) => {
    if (ex[0] + dx < 0 || ey[0] + dy < 0 || ex[CELLS] + dx > width || ey[CELLS] + dy > height) return Infinity;
    let sum = 0;
    for (let r = 0; r < CELLS; r++) {
      const top = (ey[r] + dy) * stride;
      const bottom = (ey[r + 1] + dy) * stride;
      for (let c = 0; c < CELLS; c++) {
        const x0 = ex[c] + dx;
        const x1 = ex[c + 1] + dx;
        const n = (x1 - x0) * (ey[r + 1] - ey[r]);
        const mean = n > 0 ? (ii[bottom + x1] - ii[top + x1] - ii[bottom + x0] + ii[top + x0]) / n : 0;
        sum += Math.abs(mean - ref[r * CELLS + c]);
      }
    }
    return sum / (CELLS * CELLS);
  };
  let best = { dx: 0, dy: 0, diff: unlike(0, 0) };
  const search = (cx: number, cy: number, span: number, step: number) => {
    for (let dy = cy - span; dy <= cy + span; dy += step) {
      for (let dx = cx - span; dx <= cx + span; dx += step) {
        const diff = unlike(dx, dy);
        if (diff < best.diff) best = { dx, dy, diff };
      }
    }
  };
  search(0, 0, 4 * Math.floor(reach / 4), 4);
  search(best.dx, best.dy, 3, 1);
  return best;
}
