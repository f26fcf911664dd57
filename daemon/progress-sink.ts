/**
 * Hands the values of a synchronous progress callback (ffmpeg's, a recogniser's) to an async
 * writer: one write at a time, the latest value wins, and nothing is left floating. A write
 * that fails is kept and thrown by the next flush(), so the caller's own await sees it
 * (issue 27, item 1: a promise is awaited or handed on, never dropped).
 *
 * With `minIntervalMs`, writes start at least that far apart (issue 27, item 8: a bounded
 * write rate); flush() writes the latest value at once, so the final value is never held back.
 */
export class ProgressSink<T> {
  private pending?: { value: T };
  private running?: Promise<void>;
  private failure?: { error: unknown };
  private lastWriteAt = -Infinity;
  private flushing = 0;
  private wake?: () => void;

  constructor(
    private readonly write: (value: T) => Promise<void>,
    private readonly opts: { minIntervalMs?: number } = {},
  ) {}

  /** Records `value`; written after the write under way, if any (values in between are skipped). */
  push(value: T): void {
    this.pending = { value };
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        await this.spacing();
        const { value } = this.pending;
        this.pending = undefined;
        this.lastWriteAt = performance.now();
        try {
          await this.write(value);
        } catch (e) {
          this.failure ??= { error: e };
        }
      }
    } finally {
      this.running = undefined;
    }
  }

  /** Waits until `minIntervalMs` after the last write began, or until flush() is called. */
  private async spacing(): Promise<void> {
    const wait = this.lastWriteAt + (this.opts.minIntervalMs ?? 0) - performance.now();
    if (wait <= 0 || this.flushing) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wake?.(), wait);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** Writes the latest value now and waits for the writes under way; throws the first failed write's error (once). */
  async flush(): Promise<void> {
    this.flushing++;
    try {
      this.wake?.();
      while (this.running) await this.running;
    } finally {
      this.flushing--;
    }
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure.error;
  }
}
