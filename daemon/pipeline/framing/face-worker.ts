// The code of the face-detection thread (see detector.ts). Like hash-write-worker.ts it runs as
// an eval'd worker, so the same source works from TypeScript under test and from the esbuild
// bundle; the packages are required by the absolute paths the main thread resolved (workerData),
// so nothing depends on where this source sits. Plain CommonJS.
//
// Issue 17 / FACTS.md: "@vladmandic/face-api 1.7 ships its weights in model/ ... Use
// dist/face-api.node-wasm.js with @tensorflow/tfjs 4.22 and @tensorflow/tfjs-backend-wasm 4.22
// (setWasmPaths to the local folder, models loaded from disk)". Nothing is downloaded.
//
// workerData: {faceApi, wasmBackend, wasmDir, modelDir}
// Messages in:  {id, width, height, rgb: ArrayBuffer, inputSize, minScore}
// Messages out: {op:'ready'} | {op:'failed', message} (start-up) | {id, faces:[{x,y,w,h,score}]} | {id, error}
export const FACE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let api;
async function start() {
  const faceapi = require(workerData.faceApi);
  require(workerData.wasmBackend).setWasmPaths(workerData.wasmDir);
  await faceapi.tf.setBackend('wasm');
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(workerData.modelDir);
  api = faceapi;
}
start().then(() => parentPort.postMessage({ op: 'ready' }), (e) => parentPort.postMessage({ op: 'failed', message: String(e && e.message || e) }));
// The detector works on a square (it pads anything else), so a wide or tall frame is looked at
// as two overlapping squares, one at each end, and a face found in both is kept once.
function tiles(w, h) {
  if (w > 1.3 * h) return [[0, 0, h, h], [w - h, 0, h, h]];
  if (h > 1.3 * w) return [[0, 0, w, w], [0, h - w, w, w]];
  return [[0, 0, w, h]];
}
function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w <= 0 || h <= 0 ? 0 : (w * h) / Math.min(a.w * a.h, b.w * b.h);
}
parentPort.on('message', async (m) => {
  let img;
  try {
    img = api.tf.tensor3d(new Uint8Array(m.rgb), [m.height, m.width, 3], 'int32');
    const faces = [];
    for (const [x, y, w, h] of tiles(m.width, m.height)) {
      const part = w === m.width && h === m.height ? img : api.tf.slice(img, [y, x, 0], [h, w, 3]);
      try {
        const found = await api.detectAllFaces(part, new api.TinyFaceDetectorOptions({ inputSize: m.inputSize, scoreThreshold: m.minScore }));
        for (const d of found) faces.push({ x: d.box.x + x, y: d.box.y + y, w: d.box.width, h: d.box.height, score: d.score });
      } finally {
        if (part !== img) part.dispose();
      }
    }
    faces.sort((a, b) => b.score - a.score);
    const kept = faces.filter((f, i) => !faces.slice(0, i).some((g) => overlap(f, g) > 0.5));
    parentPort.postMessage({ id: m.id, faces: kept });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e && e.message || e) });
  } finally {
    if (img) img.dispose();
  }
});
`;
