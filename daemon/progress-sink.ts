/**
 * Hands the values of a synchronous progress callback (ffmpeg's, a recogniser's) to an async
 * writer: one write at a time, the latest value wins, and nothing is left floating. A write
 * that fails is kept and thrown by the next flush(), so the caller's own await sees it
 * (issue 27, item 1: a promise is awaited or handed on, never dropped).
 */
export class ProgressSink<T> {
  private pending?: { value: T };
  private running?: Promise<void>;
  private failure?: { error: unknown };

  constructor(private readonly write: (value: T) => Promise<void>) {}

  /** Records `value`; written after the write under way, if any (values in between are skipped). */
  push(value: T): void {
    this.pending = { value };
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const { value } = this.pending;
        this.pending = undefined;
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

  /** Waits for the writes under way; throws the first failed write's error (once). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure.error;
  }
}
