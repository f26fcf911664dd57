import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The sentence encoder's own process (issue 28, item 3), as the recogniser has one: a crash in
 * onnxruntime's native code ends this child, never the daemon. It keeps the session of the last
 * model loaded and answers one batch at a time: token ids in, pooled, unit-length vectors out.
 */
const CHILD_SOURCE = `
const ort = require(process.env.CLIPPER_ONNXRUNTIME);
let session, loaded;
process.on('message', async (m) => {
  try {
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
    process.send({ id: m.id, vectors });
  } catch (e) {
    process.send({ id: m.id, error: String((e && e.message) || e) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

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

/** One child process running one batch at a time; a second call waits for the first. */
export class EncoderProcess {
  private child: ChildProcess;
  private log: string[] = [];
  private waiting = new Map<number, { resolve: (v: number[][]) => void; reject: (e: Error) => void }>();
  private ended = false;
  private next = 0;

  constructor(packagePath: string) {
    this.child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, CLIPPER_ONNXRUNTIME: packagePath },
    });
    this.child.stderr!.setEncoding('utf8').on('data', (s: string) => {
      this.log.push(...s.split('\n').filter((l) => l.trim()));
      this.log.splice(0, Math.max(0, this.log.length - 20));
    });
    this.child.on('message', (m: { id: number; vectors?: number[][]; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.vectors!);
    });
    this.child.on('error', (e) => this.end(e.message));
    this.hold(false);
    this.child.on('close', (code, signal) => this.end(`the encoder process ended (${signal ?? `exit code ${code}`})${this.log.length ? `: ${this.log.at(-1)}` : ''}`));
  }

  get alive(): boolean {
    return !this.ended;
  }

  private end(why: string): void {
    this.ended = true;
    for (const w of this.waiting.values()) w.reject(new Error(why));
    this.waiting.clear();
  }

  encode(req: EncodeRequest): Promise<number[][]> {
    if (this.ended) return Promise.reject(new Error('the encoder process ended'));
    return new Promise<number[][]>((resolve, reject) => {
      const id = ++this.next;
      this.waiting.set(id, { resolve, reject });
      this.hold(true);
      this.child.send({ id, ...req });
    }).finally(() => this.hold(this.waiting.size > 0));
  }

  /** Idle, the child and its channel do not keep the daemon's event loop (or a test's) alive. */
  private hold(busy: boolean): void {
    if (this.ended) return;
    const channel = (this.child as unknown as { channel?: { ref(): void; unref(): void } }).channel;
    if (busy) {
      this.child.ref();
      channel?.ref();
    } else {
      this.child.unref();
      channel?.unref();
    }
  }

  kill(): void {
    if (!this.ended) this.child.kill('SIGKILL');
  }
}
