import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FaceThread } from './face-thread.js';
import type { ChildExit } from '../one-at-a-time-child.js';
import { collectGarbage } from '../../../src/util/release-buffers.js';
import type { Box } from './types.js';

/** A face found in one frame, in that frame's pixels. */
export interface DetectedFace extends Box {
  score: number;
}

/** A part of the frame looked at (best square: the network pads it to one), and the network's input size (px, a multiple of 32) for it. */
export interface Tile extends Box {
  inputSize: number;
}

/** What the framing analysis needs of a face detector (tests may hand in another). */
export interface FaceDetector {
  /** Faces in an RGB24 frame of `width` x `height`: in `tiles` (default: all of it, wholeFrame). */
  detect(rgb: Buffer, width: number, height: number, tiles?: Tile[]): Promise<DetectedFace[]>;
}

/** The detector cannot run here (its npm packages are missing): framing falls back to the centre. */
export class FaceDetectorUnavailable extends Error {}

/**
 * Tiny face detector input (pixels, a multiple of 32) for each square tile of a whole frame.
 */
const INPUT_SIZE = 320;
const MIN_SCORE = 0.5;

/**
 * The tiles that look at a whole frame: the detector works on a square (it pads anything else),
 * so a 16:9 frame is looked at as two overlapping squares, one at each end (two runs at 320 cost
 * about what one at 416 does, and faces come out 1.4 times larger than in one padded run, so 15%
 * of the frame height is found at scores of 0.8 instead of missed).
 */
export function wholeFrame(w: number, h: number): Tile[] {
  const square = (x: number, y: number, side: number) => ({ x, y, w: side, h: side, inputSize: INPUT_SIZE });
  if (w > 1.3 * h) return [square(0, 0, h), square(w - h, 0, h)];
  if (h > 1.3 * w) return [square(0, 0, w), square(0, h - w, w)];
  return [{ x: 0, y: 0, w, h, inputSize: INPUT_SIZE }];
}

/** The part of an RGB24 frame the tiles cover (only that is copied to the thread), and the tiles in it. */
function cutOut(rgb: Buffer, width: number, tiles: Tile[]) {
  const x0 = Math.min(...tiles.map((t) => t.x));
  const y0 = Math.min(...tiles.map((t) => t.y));
  const w = Math.max(...tiles.map((t) => t.x + t.w)) - x0;
  const h = Math.max(...tiles.map((t) => t.y + t.h)) - y0;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) out.set(rgb.subarray(((y0 + y) * width + x0) * 3, ((y0 + y) * width + x0 + w) * 3), y * w * 3);
  return { x0, y0, w, h, rgb: out.buffer, tiles: tiles.map((t) => [t.x - x0, t.y - y0, t.w, t.h, t.inputSize]) };
}

/**
 * The face engine's error for a message and, when its thread ended, how: a start-up that failed
 * means no detector here (framing falls back to the centre); anything else fails the detection.
 */
function faceError(message: string, exit?: ChildExit): Error {
  if (exit) return new Error(`face detection stopped (${exit.signal ?? `exit code ${exit.code}`})`);
  if (message.startsWith('could not start: ')) return new FaceDetectorUnavailable(`face detection could not start: ${message.slice(17)}`);
  return new Error(`face detection failed: ${message}`);
}

/**
 * Face detection off the daemon's event loop, one detection at a time, in order (the heavy queue
 * bounds callers), on a thread of the daemon (face-thread.ts), never in the model host: the
 * thread ends after each clip's framing, so TensorFlow.js's memory is held only while a clip is
 * framed, and the host that keeps the other models stays without it. Loaded on the first
 * detection (about 0.3 s for the wasm backend and the 190 KB model). A thread that ended fails
 * the detection in flight with how it ended, and the next one starts afresh.
 */
class SharedFaceDetector implements FaceDetector {
  private queue: Promise<unknown> = Promise.resolve();
  private thread?: FaceThread;

  constructor(private readonly paths: object) {}

  async detect(rgb: Buffer, width: number, height: number, tiles = wholeFrame(width, height)): Promise<DetectedFace[]> {
    const part = cutOut(rgb, width, tiles);
    const request = { width: part.w, height: part.h, rgb: part.rgb, tiles: part.tiles, minScore: MIN_SCORE };
    const turn = this.queue.then(() => this.onThread().detect(request));
    this.queue = turn.catch(() => undefined);
    const faces = await turn;
    return faces.map((f) => ({ ...f, x: f.x + part.x0, y: f.y + part.y0 }));
  }

  /** The thread, started again when the last one ended. */
  private onThread(): FaceThread {
    if (!this.thread?.alive) this.thread = new FaceThread(this.paths, faceError);
    return this.thread;
  }

  /** Ends the thread once the detections queued are done; resolves when it has exited. */
  async endThread(): Promise<void> {
    const thread = this.thread;
    await this.queue;
    if (thread && this.thread === thread) await thread.end();
  }

  /** The thread's id while it runs (tests). */
  get threadId(): number | undefined {
    return this.thread?.alive ? this.thread.threadId : undefined;
  }
}

/** A clip's detections are over: the detector's thread ends, so it keeps no memory beside the preview encodes that follow. */
export async function faceDetectionDone(): Promise<void> {
  await (shared as SharedFaceDetector | undefined)?.endThread();
  // What the thread's detections left in the daemon's heap (the frames' pixels) goes now, too.
  collectGarbage();
}

/** When its packages are missing: every detection says so (framing falls back to the centre). */
class MissingFaceDetector implements FaceDetector {
  constructor(private readonly why: string) {}

  detect(): Promise<DetectedFace[]> {
    return Promise.reject(new FaceDetectorUnavailable(`face detection is not installed: ${this.why}`));
  }
}

/** Absolute paths of the packages the thread loads (resolved here, so bundling cannot move them). */
export function packagePaths() {
  const req = createRequire(import.meta.url);
  const faceApi = req.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const wasmBackend = req.resolve('@tensorflow/tfjs-backend-wasm');
  const wasmDir = join(dirname(req.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';
  const modelDir = join(dirname(dirname(faceApi)), 'model');
  return { faceApi, wasmBackend, wasmDir, modelDir };
}

let shared: FaceDetector | undefined;

/** The daemon's one face detector. */
export function faceDetector(): FaceDetector {
  if (!shared) {
    try {
      shared = new SharedFaceDetector(packagePaths());
    } catch (e) {
      return new MissingFaceDetector((e as Error).message);
    }
  }
  return shared;
}
