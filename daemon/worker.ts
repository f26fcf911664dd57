/**
 * A background worker. The daemon starts them after the server listens; tests call
 * processAll() to drain pending work deterministically instead of sleeping.
 */
export interface Worker {
  readonly name: string;
  start(): Promise<void>;
  /** Stops taking new work and waits for work in flight. */
  stop(): Promise<void>;
  /** Runs until there is nothing left to do now. */
  processAll(): Promise<void>;
}

/** Subscribes `wake` to a source of news (an event log's appends); returns the unsubscribe. */
export type WakeSource = (wake: () => void) => () => void;

/**
 * A worker that calls `tick` every `intervalMs` (and on wake()), never running two ticks at once.
 * `tick` returns true while it made progress, so processAll() loops until idle. A `wakeOn`
 * source is listened to only while the worker runs (on PostgreSQL a listener is a LISTEN
 * connection: a process that starts no worker holds none).
 */
export class PollingWorker implements Worker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<boolean>;
  private stopped = true;
  private unlisten?: () => void;

  constructor(readonly name: string, private tick: () => Promise<boolean>, private intervalMs: number, private onError: (e: unknown) => void, private wakeOn?: WakeSource) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten ??= this.wakeOn?.(() => this.wake());
    this.schedule(0);
  }

  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    if (this.stopped) return;
    if (this.running) return void this.running.then(() => this.schedule(this.intervalMs));
    let progressed = false;
    try {
      progressed = await this.once();
    } finally {
      if (!this.stopped) this.schedule(progressed ? 0 : this.intervalMs);
    }
  }

  private once(): Promise<boolean> {
    this.running ??= this.tick()
      .catch((e) => {
        this.onError(e);
        return false;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async processAll(): Promise<void> {
    while (await this.once()) {
      /* keep draining */
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = undefined;
    clearTimeout(this.timer);
    await this.running;
  }
}
