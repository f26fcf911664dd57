import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import { logChildOutput } from '../child-output.js';

/** How a child process ended. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Sends `message` to a child engine. A process that died a moment ago (its end not yet seen)
 * refuses it: it is ended for sure, so its exit fails the request with how it really ended (a
 * signal, a status) rather than with the channel's error.
 */
export function sendOrEnd(child: ChildProcess, message: Serializable): void {
  child.send(message, (err) => {
    if (err) child.kill('SIGKILL');
  });
}

/**
 * A child engine ended (`exit` says how) or refused a request (no `exit`), with the last lines of
 * its stderr; each engine names its own subclass (RecogniserProcessError, ...).
 */
export class ChildEngineError extends Error {
  constructor(
    message: string,
    readonly log: string,
    readonly exit?: ChildExit,
  ) {
    super(message);
  }
}

/** The engine's own error for a refused request (no `exit`) or an ended process. */
export type ChildErrorFactory = (message: string, log: string, exit?: ChildExit) => Error;

/** How the child's Node starts: its flags, and `advanced` serialisation for messages with binary data. */
export interface ChildSpawn {
  execArgv?: string[];
  serialization?: 'json' | 'advanced';
}

/**
 * A native engine in a child process of its own (issue 14, item 1; issue 28, item 1: "so a crash
 * in native code never ends the daemon"), answering one request at a time over IPC and keeping its
 * model loaded between requests. The last 20 lines of its stderr go with every error (an engine
 * that exits says why there), and each line to the daemon's log (child-output.ts). The
 * recogniser (sherpa-process.ts) and the language model (llm/embedded-process.ts) are this with
 * their own child source and names.
 */
export class OneAtATimeChild<Req extends object, Res> {
  private child: ChildProcess;
  private log: string[] = [];
  private waiting?: { resolve: (r: Res) => void; reject: (e: Error) => void };
  private ended?: ChildExit;
  private next = 0;

  /**
   * `what` names the process in messages ("the recogniser process ended"). `unrefWhenIdle`: while
   * no request is out, the child and its channel do not keep the parent's event loop alive (a
   * process shared by the whole daemon, such as the sentence encoder's).
   */
  constructor(
    source: string,
    env: NodeJS.ProcessEnv,
    private what: string,
    private error: ChildErrorFactory,
    private readonly unrefWhenIdle = false,
    spawnAs: ChildSpawn = {},
  ) {
    this.child = spawn(process.execPath, [...(spawnAs.execArgv ?? []), '-e', source], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env, serialization: spawnAs.serialization });
    this.hold(false);
    logChildOutput(what, this.child.stderr!, (line) => {
      this.log.push(line);
      this.log.splice(0, Math.max(0, this.log.length - 20));
    });
    this.child.on('message', (m: { result?: Res; error?: string }) => {
      const w = this.waiting;
      this.waiting = undefined;
      this.hold(false);
      if (m.error !== undefined) w?.reject(this.error(m.error, this.log.join('\n')));
      else w?.resolve(m.result!);
    });
    // 'close' comes after the process ended and its stderr is read to the end (the last lines
    // are the engine's reason for ending).
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
    w?.reject(this.error(why ?? `the ${this.what} process ended`, this.log.join('\n'), this.ended));
  }

  /**
   * Sends one request; an abort of `signal` kills the process (native code cannot be interrupted
   * otherwise). `as`: the engine this request is for names the process and makes its errors (a
   * process hosting several engines fails each request as its own engine's).
   */
  protected request(req: Req, signal?: AbortSignal, as?: { what: string; error: ChildErrorFactory }): Promise<Res> {
    if (as) [this.what, this.error] = [as.what, as.error];
    if (this.ended) return Promise.reject(this.error(`the ${this.what} process ended`, this.log.join('\n'), this.ended));
    if (this.waiting) return Promise.reject(new Error(`the ${this.what} process is busy`));
    signal?.throwIfAborted();
    return new Promise<Res>((resolve, reject) => {
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
      this.hold(true);
      sendOrEnd(this.child, { id: ++this.next, ...req });
    });
  }

  /** With `unrefWhenIdle`: the child keeps the event loop alive only while a request is out. */
  private hold(busy: boolean): void {
    if (!this.unrefWhenIdle || this.ended) return;
    const channel = (this.child as unknown as { channel?: { ref(): void; unref(): void } }).channel;
    if (busy) {
      this.child.ref();
      channel?.ref();
    } else {
      this.child.unref();
      channel?.unref();
    }
  }

  /** Ends the process at once. */
  kill(): void {
    if (!this.ended) this.child.kill('SIGKILL');
  }
}
