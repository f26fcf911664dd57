import { describe, expect, it } from 'vitest';
import { readAhead } from '../../daemon/pipeline/ffmpeg/frames.js';
import { wholeFrame } from '../../daemon/pipeline/framing/detector.js';
import { blocks, halve, yuvToRgb } from '../../daemon/pipeline/framing/frame-ops.js';
import { bestShift, cells, integral } from '../../daemon/pipeline/framing/shift.js';

// The cheap parts of sampling (issue 17, item 5: the analysis must cost a fraction of the
// preview): block averages from an integral image, following a box by its picture, colour made
// from the YUV samples, the frame read-ahead, and the detector's tiles.

const W = 160;
const H = 90;
/** A textured grey picture with a bright square at (x, y). */
function picture(x: number, y: number): Uint8Array {
  const g = new Uint8Array(W * H);
  for (let i = 0; i < g.length; i++) g[i] = ((i % W) * 7 + Math.floor(i / W) * 13) % 64;
  for (let r = 0; r < 20; r++) for (let c = 0; c < 24; c++) g[(y + r) * W + x + c] = 200 + ((r * 3 + c * 5) % 40);
  return g;
}

describe('block averages and following a box', () => {
  it('gives the same block averages from the integral image as from the pixels', () => {
    const g = picture(30, 20);
    const box = { x: 0, y: 0, w: W, h: H };
    const apart = (a: Float32Array, b: Float32Array) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
    expect(apart(cells(integral(g, W, H), W, H, box, 32, 18), blocks(g, W, H, box, 32, 18))).toBeLessThan(1e-4);
    expect(apart(halve(blocks(g, W, H, box, 32, 18), 32, 18), blocks(g, W, H, box, 16, 9))).toBeLessThan(1e-4);
  });

  it('finds where the picture inside a box went, to the pixel, and says how well it matches', () => {
    const box = { x: 32, y: 22, w: 16, h: 14 }; // inside the square
    const ref = cells(integral(picture(30, 20), W, H), W, H, box);
    const moved = bestShift(integral(picture(39, 17), W, H), W, H, ref, box, 12);
    expect(moved).toMatchObject({ dx: 9, dy: -3 });
    expect(moved.diff).toBeLessThan(1);
    // Out of reach: the best it finds is a poor match, so the detector is asked instead.
    expect(bestShift(integral(picture(100, 60), W, H), W, H, ref, box, 12).diff).toBeGreaterThan(10);
  });
});

describe('sampling', () => {
  it('makes RGB from full-range YUV where asked, and grey stays grey', () => {
    const yuv = new Uint8Array((W * H * 3) / 2).fill(128);
    yuv.fill(90, 0, W * H);
    const rgb = Buffer.alloc(W * H * 3);
    yuvToRgb(yuv, W, H, { x: 10, y: 10, w: 4, h: 2 }, rgb);
    expect([...rgb.subarray((10 * W + 10) * 3, (10 * W + 14) * 3)]).toEqual(new Array(12).fill(90));
    expect(rgb[0]).toBe(0); // outside the part asked for: untouched
  });

  it('reads ahead in order, and stopping early stops the source', async () => {
    let stopped = false;
    async function* source() {
      try {
        for (let i = 0; i < 100; i++) yield i;
      } finally {
        stopped = true;
      }
    }
    const got: number[] = [];
    for await (const v of readAhead(source(), 4)) if (got.push(v) === 5) break;
    expect(got).toEqual([0, 1, 2, 3, 4]);
    expect(stopped).toBe(true);
  });

  it('looks at a wide frame as two overlapping squares and a near-square one whole', () => {
    expect(wholeFrame(640, 360).map((t) => [t.x, t.y, t.w, t.h])).toEqual([[0, 0, 360, 360], [280, 0, 360, 360]]);
    expect(wholeFrame(480, 400)).toEqual([{ x: 0, y: 0, w: 480, h: 400, inputSize: 320 }]);
  });
});
