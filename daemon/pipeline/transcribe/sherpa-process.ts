import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The recogniser's own process (issue 14, item 1: "loaded in a worker thread or child process
 * so a crash in native code never takes the daemon down"). A child process, not a worker
 * thread: sherpa-onnx answers a bad model or an unknown language with exit(), which would end
 * the whole daemon from a thread. The child keeps its recogniser loaded between calls (loading
 * a real model takes a second or more) and is reused for the next chunk with the same settings.
 */
const CHILD_SOURCE = `
const sherpa = require(process.env.CLIPPER_SHERPA_ONNX);
let recognizer, loaded;
process.on('message', (m) => {
  try {
    if (loaded !== m.key) {
      recognizer = undefined;
      recognizer = new sherpa.OfflineRecognizer(m.config);
      loaded = m.key;
    }
    const wave = sherpa.readWave(m.wav);
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: wave.samples, sampleRate: wave.sampleRate });
    recognizer.decode(stream);
    process.send({ id: m.id, result: recognizer.getResult(stream) });
  } catch (e) {
    process.send({ id: m.id, error: String((e && e.message) || e) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

/** Where sherpa-onnx-node is, or undefined when it is not installed (or cannot be found). */
export function sherpaPackage(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('sherpa-onnx-node');
  } catch {
    return undefined;
  }
}

/** What one recognition gives back (sherpa-onnx's OfflineRecognitionResult as JSON). */
export interface SherpaResult {
  text: string;
  lang?: string;
  tokens: string[];
  timestamps?: number[];
  durations?: number[];
  segment_timestamps?: number[];
  segment_durations?: number[];
  segment_texts?: string[];
}

/** The child ended, or its recogniser refused: `exit` says how it ended (when it did). */
export class RecogniserProcessError extends Error {
  constructor(
    message: string,
    readonly log: string,
    readonly exit?: { code: number | null; signal: NodeJS.Signals | null },
  ) {
    super(message);
  }
}

/** One child process running one recognition at a time. */
export class RecogniserProcess {
  private child: ChildProcess;
  private log: string[] = [];
  private waiting?: { resolve: (r: SherpaResult) => void; reject: (e: Error) => void };
  private ended?: { code: number | null; signal: NodeJS.Signals | null };
  private next = 0;

  constructor(packagePath: string) {
    this.child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, CLIPPER_SHERPA_ONNX: packagePath },
    });
    this.child.stderr!.setEncoding('utf8').on('data', (s: string) => {
      this.log.push(...s.split('\n').filter((l) => l.trim()));
      this.log.splice(0, Math.max(0, this.log.length - 20));
    });
    this.child.on('message', (m: { result?: SherpaResult; error?: string }) => {
      const w = this.waiting;
      this.waiting = undefined;
      if (m.error !== undefined) w?.reject(new RecogniserProcessError(m.error, this.log.join('\n')));
      else w?.resolve(m.result!);
    });
    // 'close' comes after the process ended and its stderr is read to the end (the last lines
    // are sherpa-onnx's reason for ending).
    this.child.on('error', (e) => this.end(null, null, e.message));
    this.child.on('close', (code, signal) => this.end(code, signal));
  }

  get alive(): boolean {
    return !this.ended;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private end(code: number | null, signal: NodeJS.Signals | null, why?: string): void {
    this.ended ??= { code, signal };
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(new RecogniserProcessError(why ?? 'the recogniser process ended', this.log.join('\n'), this.ended));
  }

  /** Recognises one WAV file; `key` names the recogniser `config` (same key: loaded already). */
  recognise(wav: string, key: string, config: object, signal?: AbortSignal): Promise<SherpaResult> {
    if (this.ended) return Promise.reject(new RecogniserProcessError('the recogniser process ended', this.log.join('\n'), this.ended));
    if (this.waiting) return Promise.reject(new Error('the recogniser process is busy'));
    signal?.throwIfAborted();
    return new Promise<SherpaResult>((resolve, reject) => {
      const onAbort = () => {
        this.kill();
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.waiting = {
        resolve: (r) => (done(), resolve(r)),
        reject: (e) => (done(), reject(signal?.aborted ? signal.reason : e)),
      };
      this.child.send({ id: ++this.next, wav, key, config });
    });
  }

  /** Ends the process at once (a decode in native code cannot be interrupted otherwise). */
  kill(): void {
    if (!this.ended) this.child.kill('SIGKILL');
  }
}
