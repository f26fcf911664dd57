// The face detector's network run one tensor at a time (face-forward.ts) gives face-api's own
// output to the bit, on frames with faces, and keeps the WebAssembly heap under half the ~61 MB
// face-api's forward pass took it to for a 640x360 frame.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePaths, wholeFrame } from '../../daemon/pipeline/framing/detector.js';
import { FACE_FORWARD_SOURCE } from '../../daemon/pipeline/framing/face-forward.js';
import { faceFootage, TWO } from './footage.js';

/** One frame of the two-face footage at `t` s, 640x360 RGB. */
function frameAt(t: number): Buffer {
  const file = join(faceFootage(), TWO.file);
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-vf', 'scale=640:360', '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 1 << 24 });
}

async function loadEngine() {
  const paths = packagePaths();
  const req = createRequire(import.meta.url);
  const api = req(paths.faceApi);
  req(paths.wasmBackend).setWasmPaths(paths.wasmDir);
  await api.tf.setBackend('wasm');
  await api.tf.ready();
  await api.nets.tinyFaceDetector.loadFromDisk(paths.modelDir);
  const net = api.nets.tinyFaceDetector;
  const lean = new Function(`return ${FACE_FORWARD_SOURCE}`)()(api.tf, net) as (input: unknown, size: number) => any;
  /** The network's output for each tile of a frame, by `run`. */
  const outputs = async (frame: Buffer, run: (input: unknown, size: number) => any) => {
    const img = api.tf.tensor3d(new Uint8Array(frame), [360, 640, 3], 'int32');
    const out: Buffer[] = [];
    for (const t of wholeFrame(640, 360)) {
      const part = api.tf.slice(img, [t.y, t.x, 0], [t.h, t.w, 3]);
      const y = run(await api.toNetInput(part), t.inputSize);
      out.push(Buffer.from((await y.data()).buffer));
      y.dispose();
      part.dispose();
    }
    img.dispose();
    return out;
  };
  return { lean, reference: (input: unknown, size: number) => net.forwardInput(input, size), outputs, heapBytes: () => api.tf.backend().wasm.HEAPU8.length as number };
}

describe('the face detector network, one tensor at a time', () => {
  it("gives face-api's output to the bit with a WebAssembly heap under half face-api's 61 MB", async () => {
    const engine = await loadEngine();
    const frames = [0.5, 2, 4].map(frameAt);
    const lean: Buffer[][] = [];
    for (const f of frames) lean.push(await engine.outputs(f, engine.lean));
    // Measured before face-api's own pass runs here: the heap only grows.
    expect(engine.heapBytes()).toBeLessThan(34 * 1024 * 1024);
    for (const [i, f] of frames.entries()) {
      const reference = await engine.outputs(f, engine.reference);
      expect(reference.map((r, j) => r.equals(lean[i][j]))).toEqual(reference.map(() => true));
    }
  }, 300_000);
});
