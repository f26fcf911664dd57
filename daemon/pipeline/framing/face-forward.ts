// The tiny face detector's network, run with each tensor disposed as soon as the next one is
// made: the source of `(tf, net) => (netInput, inputSize) => output`, evaluated inside the face
// engine (face-worker.ts). The operations, their order and their arguments are face-api 1.7's
// own (TinyYolov2Base.forwardInput and runMobilenet with a first convolution layer, its
// convLayer, depthwiseSeparableConv, leaky and normalize), the first layer done in bands of
// rows, so the output is the same to the bit; face-api runs them in one tidy() that holds every
// layer's tensors to the end, which took the WebAssembly heap to ~61 MB for a 640x360 frame (the
// 318x318x16 first layer and its four leaky-ReLU tensors at once); here it stays under 28 MB.
//
// Plain JavaScript, no TypeScript: the engine's source is evaluated as it is.
export const FACE_FORWARD_SOURCE = `(tf, net) => {
// y = f(x), then x is disposed (never a weight: those are passed as arguments, not as x).
const then = (x, f) => { const y = f(x); x.dispose(); return y; };
function leaky(x) {
  const s = tf.scalar(0.10000000149011612);
  const min = tf.mul(x, s);
  s.dispose();
  const v = then(then(x, (o) => tf.sub(o, min)), (d) => tf.relu(d));
  return then(v, (r) => then(min, (m) => tf.add(r, m)));
}
const conv = (x, p) => then(tf.conv2d(x, p.filters, [1, 1], 'valid'), (c) => tf.add(c, p.bias));
const separable = (x, p) => leaky(then(then(tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]]), (o) => tf.separableConv2d(o, p.depthwise_filter, p.pointwise_filter, [1, 1], 'valid')), (o) => tf.add(o, p.bias)));
const pool = (x, strides) => tf.maxPool(x, [2, 2], strides, 'same');
// The first convolution, its leaky ReLU and the pooling after it, a band of output rows at a time
// (a band's rows depend on its own input rows and the two below; a band of even height pools
// alone as the whole would): the same values, with the first layer's largest tensors a fifth as big.
const BAND = 64;
function firstBlock(x, p) {
  const rows = x.shape[1] - 2;
  if (rows % 2) return then(leaky(conv(x, p)), (o) => pool(o, [2, 2]));
  const bands = [];
  for (let at = 0; at < rows; at += BAND) {
    const band = tf.slice(x, [0, at, 0, 0], [1, Math.min(BAND, rows - at) + 2, x.shape[2], x.shape[3]]);
    bands.push(then(then(band, (o) => leaky(conv(o, p))), (o) => pool(o, [2, 2])));
  }
  const out = tf.concat(bands, 1);
  bands.forEach((b) => b.dispose());
  return out;
}
function normalize(x, [r, g, b]) {
  const fills = [r, g, b].map((v) => tf.fill([...x.shape.slice(0, 3), 1], v, 'float32'));
  const mean = tf.concat(fills, 3);
  fills.forEach((f) => f.dispose());
  return then(mean, (m) => tf.sub(x, m));
}
return (input, inputSize) => tf.tidy(() => {
  const p = net.params;
  let x = then(input.toBatchTensor(inputSize, false), (b) => tf.cast(b, 'float32'));
  x = then(then(x, (o) => normalize(o, net.config.meanRgb)), (o) => tf.div(o, 255));
  x = then(x, (o) => firstBlock(o, p.conv0));
  const layers = ['conv1', 'conv2', 'conv3', 'conv4', 'conv5'];
  for (const layer of layers) x = then(then(x, (o) => separable(o, p[layer])), (o) => pool(o, layer === 'conv5' ? [1, 1] : [2, 2]));
  for (const layer of ['conv6', 'conv7']) if (p[layer]) x = then(x, (o) => separable(o, p[layer]));
  return then(x, (o) => conv(o, p.conv8));
});
}`;
