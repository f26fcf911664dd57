import { ffmpegFrames, readAhead } from '../ffmpeg/frames.js';
import type { FaceDetector } from './detector.js';
import { diffMap, halve, meanDiff, yuvToRgb } from './frame-ops.js';
import { cells, integral } from './shift.js';
import { Looker } from './looks.js';
import { TrackSet, type FaceTrack } from './tracks.js';
import type { Box } from './types.js';

/** What the clip's sampled frames showed: faces over time, scene cuts and where things moved. */
export interface FaceTimeline {
  /** Size of the sampled frames, and source pixels per sampled pixel. */
  width: number;
  height: number;
  scale: number;
  /** Sample times (s from the clip start). */
  times: number[];
  /** Scene changes (s from the clip start), each halfway between the two samples around it. */
  cuts: number[];
  tracks: FaceTrack[];
  /** Motion energy per block of a cols x rows grid over the picture, summed over the clip. */
  motion: { cols: number; rows: number; energy: number[] };
}

export interface SampleOptions {
  start: number;
  end: number;
  source: { width: number; height: number };
  detector: FaceDetector;
  signal?: AbortSignal;
  /** Samples a second (issue 17: "sampled a few times a second"). */
  fps?: number;
  /** Seconds between looks at a followed face (looks.ts); samples in between only measure mouths, cuts and motion. */
  detectEvery?: number;
}

/** Long side of a sampled frame (px): a face a sixth of a 16:9 frame high measures 60 px (the tiny detector misses faces under about 40 px). */
const SAMPLE_LONG_SIDE = 640;
/** Mean grey change (0..255) of a 32x18 thumbnail between samples that counts as a scene cut. */
const CUT_DIFF = 28;
/** The motion grid: the cut thumbnail's 32x18 blocks, 2x2 together. */
const GRID = { cols: 16, rows: 9 };

/**
 * Decoded frames kept ready while the detector works (~0.35 MB each, 11 MB in all): a whole-frame
 * look takes about as long as ffmpeg needs for 25 samples, and with fewer ready ffmpeg stalls
 * behind it (analysis of the bench clip at load 6: 3.8 s with 8, 2.7 s with 32; medians of 6).
 */
const AHEAD = 32;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * Decodes the clip once at a few frames a second, small (ffmpeg scales while decoding), and
 * runs the face detector where and when looks.ts says. Frames stream through (ffmpegFrames
 * pulls, AHEAD frames ahead), so memory does not grow with the clip's length.
 */
export async function sampleFaces(file: string, opts: SampleOptions): Promise<FaceTimeline> {
  const timeline = await decodeAndLook(file, opts, true);
  // A stream that decodes to (nearly) nothing once its B-frames are skipped (a stream of
  // B-frames hanging off one key frame is legal, if rare) is decoded again, every frame.
  const expected = (opts.end - opts.start) * (opts.fps ?? 4);
  return expected >= 2 && timeline.times.length < expected / 2 ? decodeAndLook(file, opts, false) : timeline;
}

async function decodeAndLook(file: string, opts: SampleOptions, skipBFrames: boolean): Promise<FaceTimeline> {
  const fps = opts.fps ?? 4;
  const detectEvery = opts.detectEvery ?? 0.5;
  const { width: sw, height: sh } = opts.source;
  const scale = Math.max(sw, sh) / SAMPLE_LONG_SIDE;
  const width = even(sw / scale);
  const height = even(sh / scale);
  const args = [
    '-skip_loop_filter', 'all', // deblocking is for looks; detection does not need it (a faster decode)
    // One decoding thread: the detector and the sample measures run beside it on the other core,
    // and frame threading costs about 15% more CPU for the same frames (measured on 1080p).
    '-threads', '1',
    // B-frames are not decoded at all: only I- and P-frames are, which nothing but B-frames skip
    // over (a B-frame that others refer to, as in x264's pyramid, is referred to by B-frames
    // alone). Sampling a few a second needs no more: x264 puts at most 3 B-frames between two
    // P-frames, so 7.5 of 30 frames a second are left. Measured on the 60 s 1080p bench clip:
    // 2.0 s of decoding against 3.6 s skipping only unreferenced frames and 4.9 s for all.
    ...(skipBFrames ? ['-skip_frame', 'bidir'] : []),
    '-ss', opts.start.toFixed(3), '-t', (opts.end - opts.start).toFixed(3), '-i', file,
    // Full-range YUV 4:2:0: its Y plane is the grey picture every sample needs, at half the
    // bytes of RGB; colour is made in JavaScript only where the detector looks (yuvToRgb).
    // (Limited range expanded in JavaScript saves ffmpeg about 0.3 s a minute, but its coarser
    // grey levels made a silent face's mouth measure flicker: tried and not kept.)
    '-map', '0:v:0', '-an', '-vf', `fps=${fps},scale=${width}:${height}:flags=area:out_range=full`, '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1',
  ];
  const tracks = new TrackSet();
  const times: number[] = [];
  const cuts: number[] = [];
  const energy = new Array<number>(GRID.cols * GRID.rows).fill(0);
  const whole = { x: 0, y: 0, w: width, h: height };
  let prevThumb: Float32Array | undefined;
  let prevGrid: Float32Array | undefined;
  const looker = new Looker(opts.detector, tracks, { width, height }, detectEvery);
  const rgb = Buffer.alloc(width * height * 3);
  let sums: Uint32Array | undefined; // the sample's integral image (one buffer, rewritten each sample)
  let i = 0;
  for await (const yuv of readAhead(ffmpegFrames(args, (width * height * 3) / 2, { signal: opts.signal }), AHEAD)) {
    const t = i++ / fps;
    const grey = yuv.subarray(0, width * height);
    sums = integral(grey, width, height, sums);
    const thumb = cells(sums, width, height, whole, 32, 18);
    const grid = halve(thumb, 32, 18);
    const cut = prevThumb !== undefined && meanDiff(thumb, prevThumb) > CUT_DIFF;
    if (cut) {
      cuts.push(Math.round((t - 0.5 / fps) * 1000) / 1000);
      tracks.cut();
      looker.cut();
    } else if (prevGrid) {
      diffMap(grid, prevGrid).forEach((d, k) => (energy[k] += d));
    }
    const picture = { sums, rgb: (parts: Box[]) => (parts.forEach((p) => yuvToRgb(yuv, width, height, p, rgb)), rgb) };
    await looker.look(t, picture, { ...GRID, blocks: grid });
    tracks.sampled(t, grey, width, height);
    times.push(t);
    prevThumb = thumb;
    prevGrid = grid;
  }
  return { width, height, scale, times, cuts, tracks: tracks.result(), motion: { ...GRID, energy } };
}
