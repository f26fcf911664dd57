import { createRequire } from 'node:module';
import type { ChildExit } from '../one-at-a-time-child.js';
import { HostedClient, type HostedEngine } from '../model-host.js';

/**
 * The sentence encoder, run in a model host process (model-host.ts) as the
 * recogniser is: a crash in onnxruntime's native code ends that child, never the daemon. The
 * host keeps the session of the last model loaded and answers one batch at a time: token ids
 * in, pooled, unit-length vectors out.
 */
const HANDLER_SOURCE = `(require, options) => {
const ort = require(options.ort);
let session, loaded;
return async (m) => {
    if (loaded !== m.model) {
      session = await ort.InferenceSession.create(m.model, { intraOpNumThreads: 1, interOpNumThreads: 1 });
      loaded = m.model;
    }
    const rows = m.ids.length, width = m.ids[0].length;
    const flat = (a) => BigInt64Array.from(a.flat().map(BigInt));
    const feeds = {};
    const dims = [rows, width];
    for (const name of session.inputNames) {
      if (name === 'input_ids') feeds[name] = new ort.Tensor('int64', flat(m.ids), dims);
      else if (name === 'attention_mask') feeds[name] = new ort.Tensor('int64', flat(m.mask), dims);
      else if (name === 'token_type_ids') feeds[name] = new ort.Tensor('int64', new BigInt64Array(rows * width), dims);
      else throw new Error('the encoder asks for an input clipper does not know: ' + name);
    }
    const out = await session.run(feeds);
    const vectors = [];
    if (out.sentence_embedding) {
      const t = out.sentence_embedding, h = t.dims[1];
      for (let r = 0; r < rows; r++) vectors.push(Array.from(t.data.subarray(r * h, (r + 1) * h)));
    } else {
      const t = out.last_hidden_state || out[session.outputNames[0]];
      const h = t.dims[2];
      for (let r = 0; r < rows; r++) {
        const v = new Float64Array(h);
        let n = 0;
        for (let i = 0; i < width; i++) {
          if (m.pooling === 'cls' ? i > 0 : !m.mask[r][i]) continue;
          const at = (r * width + i) * h;
          for (let j = 0; j < h; j++) v[j] += t.data[at + j];
          n++;
        }
        vectors.push(Array.from(v, (x) => x / Math.max(n, 1)));
      }
    }
    for (const v of vectors) {
      const norm = Math.hypot(...v) || 1;
      for (let j = 0; j < v.length; j++) v[j] /= norm;
    }
    return vectors;
};
}`;

/** Where onnxruntime-node is, or undefined when it is not installed. */
export function onnxRuntimePackage(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('onnxruntime-node');
  } catch {
    return undefined;
  }
}

export interface EncodeRequest {
  model: string;
  pooling: 'cls' | 'mean';
  ids: number[][];
  mask: number[][];
}

const ENGINE: HostedEngine = { name: 'encoder', source: HANDLER_SOURCE, what: 'encoder', error: encoderError };

/**
 * The encoder in a model host, one batch at a time (as the recogniser and the language model);
 * calls made while one runs wait their turn. Idle, it does not keep the daemon's event loop (or
 * a test's) alive.
 */
export class EncoderProcess extends HostedClient<EncodeRequest, number[][]> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(packagePath: string) {
    super(ENGINE, { ort: packagePath });
  }

  encode(req: EncodeRequest): Promise<number[][]> {
    const turn = this.queue.then(() => this.run(req));
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** A refused batch says why; an ended process how it ended, with the last line it wrote. */
function encoderError(message: string, log: string, exit?: ChildExit): Error {
  if (!exit) return new Error(message);
  const last = log.split('\n').at(-1);
  return new Error(`the encoder process ended (${exit.signal ?? `exit code ${exit.code}`})${last ? `: ${last}` : ''}`);
}
