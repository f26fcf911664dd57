/**
 * Wake-up channels of one process (issue 21, item 3): `listen` registers a callback, `fire`
 * calls each asynchronously. The engines add the other processes: PostgreSQL forwards NOTIFYs
 * of other processes here (postgres/pg-listener.ts); SQLite has only this process.
 * A wake-up carries no data: listeners read the store, which polling also does when one is lost.
 */
export class Channels {
  private listeners = new Map<string, Set<() => void>>();

  listen(channel: string, fn: () => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(fn);
    return () => void set.delete(fn);
  }

  has(channel: string): boolean {
    return (this.listeners.get(channel)?.size ?? 0) > 0;
  }

  fire(channel: string): void {
    const set = this.listeners.get(channel);
    if (set?.size) setImmediate(() => set.forEach((fn) => fn()));
  }
}
