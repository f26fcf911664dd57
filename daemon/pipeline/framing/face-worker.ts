// The face detector's engine (see detector.ts): the source of `(require, paths) => handler`,
// evaluated on the detector's thread (face-thread.ts) when it starts, so the same source works from TypeScript under test and from the
// esbuild bundle; the packages are required by the absolute paths the daemon resolved, so
// nothing depends on where this source sits. Plain CommonJS.
//
// @vladmandic/face-api 1.7 ships its weights in model/; dist/face-api.node-wasm.js runs with
// @tensorflow/tfjs 4.22 and @tensorflow/tfjs-backend-wasm 4.22 (wasm files from the local
// folder, models loaded from disk). Nothing is downloaded.
//
// The network is face-api's, run layer by layer with each tensor freed as soon as the next is made
// (face-forward.ts: the same output, half the WebAssembly heap), and its output is read here: face-api's locateFaces turns the small output grid into nested arrays and
// classes, which cost as much as the network itself at 128 px. The decoding below is face-api's
// TinyYolov2Base.extractBoxes for a square input without classes, and its non-maximum
// suppression (IoU 0.4).
//
// paths: {faceApi, wasmBackend, wasmDir, modelDir}
// Request:  {width, height, rgb: ArrayBuffer, tiles: [[x, y, w, h, inputSize], ...], minScore}
// Result:   [{x,y,w,h,score}]; a failed start-up is the error 'could not start: ...'.
import { FACE_FORWARD_SOURCE } from './face-forward.js';

export const FACE_HANDLER_SOURCE = `(require, workerData) => {
let api;
let net;
let forward;
// face-api requires all of @tensorflow/tfjs; its detector needs only the core and the wasm
// backend, so the other five parts load as empty modules (~9 MB less heap on the thread).
const UNUSED = ['layers', 'converter', 'data', 'backend-cpu', 'backend-webgl'].map((p) => '@tensorflow/tfjs-' + p);
function withoutUnused(load) {
  const Module = require('node:module');
  const original = Module._load;
  Module._load = function (name, ...rest) {
    return UNUSED.includes(name) ? {} : original.call(this, name, ...rest);
  };
  try {
    return load();
  } finally {
    Module._load = original;
  }
}
async function start() {
  const faceapi = withoutUnused(() => require(workerData.faceApi));
  require(workerData.wasmBackend).setWasmPaths(workerData.wasmDir);
  await faceapi.tf.setBackend('wasm');
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(workerData.modelDir);
  api = faceapi;
  net = faceapi.nets.tinyFaceDetector;
  forward = (${FACE_FORWARD_SOURCE})(faceapi.tf, net);
}
const ready = start().catch((e) => { throw new Error('could not start: ' + String(e && e.message || e)); });
const sigmoid = (v) => 1 / (1 + Math.exp(-v));
function overlap(a, b, union) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return union ? (w * h) / (a.w * a.h + b.w * b.h - w * h) : (w * h) / Math.min(a.w * a.h, b.w * b.h);
}
// Non-maximum suppression: best first, a box is dropped when it overlaps one already KEPT (a box
// that was itself dropped suppresses nothing, as in face-api's nonMaxSuppression).
function suppress(boxes, union, limit) {
  const kept = [];
  for (const b of [...boxes].sort((p, q) => q.score - p.score)) if (!kept.some((k) => overlap(b, k, union) > limit)) kept.push(b);
  return kept;
}
// Faces in one tile, in the frame's pixels (face-api pads a tile to a square at its bottom right).
async function tile(img, [x, y, w0, h0, inputSize], minScore) {
  const part = w0 === img.shape[1] && h0 === img.shape[0] ? img : api.tf.slice(img, [y, x, 0], [h0, w0, 3]);
  const side = Math.max(w0, h0);
  let out;
  try {
    out = forward(await api.toNetInput(part), inputSize);
    const cells = out.shape[1];
    const data = await out.data();
    const anchors = net.anchors;
    const found = [];
    for (let i = 0, n = cells * cells * anchors.length; i < n; i++) {
      const o = i * 5;
      const score = sigmoid(data[o + 4]);
      if (score <= minScore) continue;
      const cell = Math.floor(i / anchors.length);
      const a = anchors[i % anchors.length];
      const cx = ((cell % cells) + sigmoid(data[o])) / cells;
      const cy = (Math.floor(cell / cells) + sigmoid(data[o + 1])) / cells;
      const w = (Math.exp(data[o + 2]) * a.x) / cells;
      const h = (Math.exp(data[o + 3]) * a.y) / cells;
      found.push({ x: x + (cx - w / 2) * side, y: y + (cy - h / 2) * side, w: w * side, h: h * side, score });
    }
    return suppress(found, true, 0.4);
  } finally {
    if (part !== img) part.dispose();
    if (out) out.dispose();
  }
}
return async (m) => {
  await ready;
  let img;
  try {
    img = api.tf.tensor3d(new Uint8Array(m.rgb), [m.height, m.width, 3], 'int32');
    const faces = [];
    for (const t of m.tiles) faces.push(...(await tile(img, t, m.minScore)));
    // Overlapping tiles see a face twice: keep the better one.
    return suppress(faces, false, 0.5);
  } finally {
    if (img) img.dispose();
  }
};
}`;
