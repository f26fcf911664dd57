import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { FACE_PROCESS_SOURCE } from './face-worker.js';
import { sendOrEnd } from '../one-at-a-time-child.js';
import { logChildOutput } from '../../child-output.js';
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
 * Face detection in a child process (issue 17: "never block the daemon's event loop for long";
 * issue 27, item 7: its ~150 MB of TensorFlow.js and WebAssembly stay out of the daemon's
 * memory): one process for the daemon, started on first use (about 0.3 s to load the wasm
 * backend and the 190 KB model), referenced only while a detection is in flight so an idle
 * daemon can exit, and ended with it. Requests are answered in order; the process does one at
 * a time (the heavy queue bounds callers). A process that died is started again by the next call.
 */
class ProcessFaceDetector implements FaceDetector {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  private waiting = new Map<number, { resolve: (f: DetectedFace[]) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  /** The process's id while one runs (tests end it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async detect(rgb: Buffer, width: number, height: number, tiles = wholeFrame(width, height)): Promise<DetectedFace[]> {
    const child = await this.start();
    const id = this.nextId++;
    const part = cutOut(rgb, width, tiles);
    const answer = new Promise<DetectedFace[]>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (this.waiting.size === 1) held(child, true);
    sendOrEnd(child, { id, width: part.w, height: part.h, rgb: part.rgb, tiles: part.tiles, minScore: MIN_SCORE });
    const faces = await answer;
    return faces.map((f) => ({ ...f, x: f.x + part.x0, y: f.y + part.y0 }));
  }

  private start(): Promise<ChildProcess> {
    if (!this.ready) {
      let paths: ReturnType<typeof packagePaths>;
      try {
        paths = packagePaths();
      } catch (e) {
        return Promise.reject(new FaceDetectorUnavailable(`face detection is not installed: ${(e as Error).message}`));
      }
      const child = spawn(process.execPath, ['-e', FACE_PROCESS_SOURCE], {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
        env: { ...process.env, CLIPPER_FACE_PATHS: JSON.stringify(paths) },
      });
      logChildOutput('face detector', child.stderr!);
      this.child = child;
      this.ready = new Promise<void>((resolve, reject) => {
        child.on('message', (m: { op?: string; message?: string; id?: number; faces?: DetectedFace[]; error?: string }) => {
          if (m.op === 'ready') return resolve();
          if (m.op === 'failed') return reject(new FaceDetectorUnavailable(`face detection could not start: ${m.message}`));
          const w = this.waiting.get(m.id!);
          if (!w) return;
          this.waiting.delete(m.id!);
          if (this.waiting.size === 0) held(child, false);
          if (m.error) w.reject(new Error(`face detection failed: ${m.error}`));
          else w.resolve(m.faces ?? []);
        });
        const gone = (e: Error) => {
          reject(e);
          for (const w of this.waiting.values()) w.reject(e);
          this.waiting.clear();
          if (this.child === child) {
            this.child = undefined;
            this.ready = undefined; // the next call starts a fresh process
          }
        };
        child.on('error', gone);
        child.on('exit', (code, signal) => gone(new Error(`face detection stopped (${signal ?? `exit code ${code}`})`)));
      });
      this.ready.catch(() => undefined).finally(() => this.waiting.size === 0 && held(child, false));
    }
    return this.ready.then(() => this.child!);
  }
}

/** Whether the daemon waits for the detector process (only while a detection is in flight). */
function held(child: ChildProcess, on: boolean): void {
  const channel = child.channel as { ref?: () => void; unref?: () => void } | undefined;
  const stderr = child.stderr as { ref?: () => void; unref?: () => void } | null; // read into the log
  if (on) {
    child.ref();
    channel?.ref?.();
    stderr?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
    stderr?.unref?.();
  }
}

/** Absolute paths of the packages the thread loads (resolved here, so bundling cannot move them). */
function packagePaths() {
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
  shared ??= new ProcessFaceDetector();
  return shared;
}
