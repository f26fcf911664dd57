import type { Worker } from 'node:worker_threads';
import { daemonThread } from '../../daemon-thread.js';
import type { ChildExit } from '../one-at-a-time-child.js';
import { FACE_HANDLER_SOURCE } from './face-worker.js';

/** A detection as the engine takes it (face-worker.ts): the pixels go along, not copied. */
export interface FaceRequest {
  width: number;
  height: number;
  rgb: ArrayBuffer;
  tiles: number[][];
  minScore: number;
}

export interface FoundFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
}

/** The thread runs the same engine source the model host does, and answers by request id. */
const THREAD_SOURCE = `const { parentPort, workerData } = require('node:worker_threads');
const handle = (${FACE_HANDLER_SOURCE})(require, workerData);
parentPort.on('message', (m) => {
  Promise.resolve().then(() => handle(m.request)).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (e) => parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) }),
  );
});
`;

/**
 * The face detector's engine on a thread of the daemon: an isolate costs far less memory than a
 * Node runtime of its own (the engine is WebAssembly: a fault in it is an error, not a crash of
 * the process). Its young generation is kept small like the model host's. A thread that ended
 * fails the requests in flight, and any sent after, with how it ended (`error(message, exit)`).
 */
export class FaceThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (f: FoundFace[]) => void; reject: (e: Error) => void }>();
  private next = 0;
  private ended?: ChildExit;

  constructor(paths: object, private readonly error: (message: string, exit?: ChildExit) => Error) {
    this.worker = daemonThread('face detection', THREAD_SOURCE, { workerData: paths, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    this.worker.on('message', (m: { id: number; result?: FoundFace[]; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(this.error(m.error));
      else p?.resolve(m.result ?? []);
    });
    // An error thrown on the thread fails what is in flight with it; an exit says how it ended.
    this.worker.on('error', (e) => void this.end({ code: 1, signal: null }, this.error(e.message)));
    this.worker.on('exit', (code) => void this.end({ code, signal: null }));
  }

  get alive(): boolean {
    return !this.ended;
  }

  get threadId(): number {
    return this.worker.threadId;
  }

  /** Faces of one request; its pixels are handed to the thread (`rgb` is unusable here afterwards). */
  detect(request: FaceRequest): Promise<FoundFace[]> {
    if (this.ended) return Promise.reject(this.error('the face detection thread ended', this.ended));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request }, [request.rgb]);
    });
  }

  /** Ends the thread (resolved once it has exited): its TensorFlow.js and WebAssembly memory go with it. */
  async end(exit: ChildExit = { code: 1, signal: null }, why?: Error): Promise<void> {
    if (!this.ended) this.ended = exit;
    for (const p of this.pending.values()) p.reject(why ?? this.error('the face detection thread ended', this.ended));
    this.pending.clear();
    await this.worker.terminate().catch(() => undefined);
  }
}
