// Live state (issue 29, item 1: "live state reaches the page as it changes ... a poll that never
// touches what the user is editing"): the page's state is read again every BUSY_MS while
// something is being made (a preview, a render, a post on its way) and every IDLE_MS otherwise;
// not while the tab is hidden. What it does with the state is the caller's (main.ts applies it
// without touching fields the person has changed).
const BUSY_MS = 1500;
const IDLE_MS = 10_000;

export class Live {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;

  constructor(private read: () => Promise<void>, private busy: () => boolean, private fail: (e: unknown) => void) {
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) void this.now();
    });
  }

  /** Reads now (or joins a read under way), then schedules the next one. */
  now(): Promise<void> {
    clearTimeout(this.timer);
    this.running ??= this.read()
      .catch(this.fail)
      .finally(() => {
        this.running = undefined;
        this.timer = setTimeout(() => void (document.hidden ? undefined : this.now()), this.busy() ? BUSY_MS : IDLE_MS);
      });
    return this.running;
  }
}
