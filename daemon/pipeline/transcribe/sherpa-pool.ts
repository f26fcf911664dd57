import { RecogniserProcess, type SherpaResult } from './sherpa-process.js';

/** How long an unused recogniser process keeps its model loaded before it is ended. */
const IDLE_MS = 60_000;

/**
 * Recogniser processes reused across chunks and jobs. The heavy queue decides how many chunks
 * run at once (one per core); the pool holds one process per chunk in flight, so there are
 * never more processes than heavy slots, and each keeps its model loaded while work comes.
 * A process that died (crash, cancellation) is dropped; the next call starts a fresh one.
 */
export class RecogniserPool {
  private idle: RecogniserProcess[] = [];
  private timer?: NodeJS.Timeout;
  /** Every process started (tests look at pids; the bench counts them). */
  readonly started: RecogniserProcess[] = [];

  constructor(private packagePath: string) {}

  async recognise(wav: string, key: string, config: object, signal?: AbortSignal): Promise<SherpaResult> {
    signal?.throwIfAborted();
    const p = this.take();
    try {
      return await p.recognise(wav, key, config, signal);
    } finally {
      if (p.alive) this.idle.push(p);
      this.schedule();
    }
  }

  private take(): RecogniserProcess {
    while (this.idle.length) {
      const p = this.idle.pop()!;
      if (p.alive) return p;
    }
    const p = new RecogniserProcess(this.packagePath);
    this.started.push(p);
    if (this.started.length > 64) this.started.splice(0, this.started.length - 64);
    return p;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.close(), IDLE_MS);
    this.timer.unref();
  }

  /** Ends the idle processes (busy ones end with their call's signal or their own exit). */
  close(): void {
    clearTimeout(this.timer);
    for (const p of this.idle.splice(0)) p.kill();
  }
}
