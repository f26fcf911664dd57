// Live state (issue 29, item 1: "live state reaches the page as it changes (server-sent events or
// a poll that never touches what the user is editing)"). The page follows GET /app/events, the
// team's events read forward from the daemon's durable event log, from the seq its state was
// read at; each event is handed to the page, which applies it (a render's progress) or asks for
// the state again (a post's status, a preview). A reconnecting EventSource resumes after the
// last event it saw (Last-Event-ID). Without the stream (no EventSource, refused, or between
// reconnects) the page polls: every BUSY_MS while something is being made, IDLE_MS otherwise;
// never while the tab is hidden. What the page does with a state is its own (main.ts applies it
// without touching fields the person has changed).
const BUSY_MS = 1500;
const IDLE_MS = 10_000;
/** Events that ask for the state again within this are served by one read. */
const GATHER_MS = 200;

/** One event of the stream (spec "Envelope"). */
export interface LiveEvent {
  id: string;
  type: string;
  created: number;
  data: { team_id: string; job_id?: string; project_id?: string; clip_id?: string; post_id?: string; progress?: number; [k: string]: unknown };
}

export interface LiveOptions {
  /** Reads the page's state and shows it; returns its `events_after`. */
  read: () => Promise<number>;
  /** Something is being made: poll often while there is no stream. */
  busy: () => boolean;
  /** Something no event announces is being made (a trimmed clip's preview): poll even with the stream. */
  unannounced?: () => boolean;
  /** Applies one event; true when the state must be read again. */
  onEvent: (e: LiveEvent) => boolean;
  fail: (e: unknown) => void;
}

export class Live {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private gather: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private source: EventSource | undefined;
  private streaming = false;

  constructor(private o: LiveOptions) {
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) void this.now();
    });
    this.mark();
  }

  /** Reads now (or joins a read under way), then follows the stream or schedules the next poll. */
  now(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running ??= this.o.read()
      .then((after) => this.follow(after))
      .catch(this.o.fail)
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
    return this.running;
  }

  /** Reads soon: the events of one moment (a render ending, its post's draft) share a read. */
  soon(): void {
    this.gather ??= setTimeout(() => {
      this.gather = undefined;
      void this.now();
    }, GATHER_MS);
  }

  /** The next poll (none while the stream tells everything); `keep`: leave one already due. */
  private schedule(keep = false): void {
    if (keep && this.timer !== undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.streaming && !this.o.unannounced?.()) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!document.hidden) void this.now();
    }, this.o.busy() || this.o.unannounced?.() ? BUSY_MS : IDLE_MS);
  }

  /** Opens the stream after `after` unless it is open (or reconnecting) already. */
  private follow(after: number): void {
    if (this.source || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/app/events?after=${after}`);
    this.source = source;
    let dropped = false;
    source.onopen = () => {
      this.streaming = true;
      this.mark();
      clearTimeout(this.timer);
      this.timer = undefined;
      // Back after a drop: the stream resends what was missed; the state read covers the rest.
      if (dropped) void this.now();
    };
    source.onmessage = (m: MessageEvent<string>) => {
      try {
        if (this.o.onEvent(JSON.parse(m.data) as LiveEvent)) this.soon();
      } catch (e) {
        this.o.fail(e);
      }
    };
    source.onerror = () => {
      dropped = true;
      this.streaming = false;
      // Closed for good (refused: signed out, or no stream here): the next poll opens it again.
      if (source.readyState === EventSource.CLOSED) this.source = undefined;
      this.mark();
      // Each failed reconnect lands here: the poll already due keeps its time.
      this.schedule(true);
    };
  }

  /** `<html data-live="stream|poll">`: how the page follows its state now. */
  private mark(): void {
    document.documentElement.dataset.live = this.streaming ? 'stream' : 'poll';
  }
}
