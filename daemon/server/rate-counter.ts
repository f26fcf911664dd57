import type { RateCounterRepository, RateTake } from '../store/index.js';

/** What the limiter counts with: the store's shared counters, or this process's memory. */
export type RateCounter = Pick<RateCounterRepository, 'takeAll' | 'count'>;

/**
 * Counters in this process's memory: the local daemon is one process (spec "Request rate" holds
 * with nothing shared). Windows that ended are dropped as time passes.
 */
export class MemoryRateCounter implements RateCounter {
  private windows = new Map<string, { end: number; count: number }>();
  private sweptAt = 0;

  constructor(private now: () => number) {}

  async takeAll(takes: readonly RateTake[]): Promise<{ counts: number[] } | { limited: number }> {
    this.sweep();
    const slots = takes.map((t) => this.windows.get(slotKey(t.key, t.start))?.count ?? 0);
    const limited = slots.findIndex((n, i) => n >= takes[i].limit);
    if (limited >= 0) return { limited };
    const counts = takes.map((t, i) => {
      this.windows.set(slotKey(t.key, t.start), { end: t.end, count: slots[i] + 1 });
      return slots[i] + 1;
    });
    return { counts };
  }

  async count(key: string, start: number): Promise<number> {
    return this.windows.get(slotKey(key, start))?.count ?? 0;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.sweptAt < 60_000 && now >= this.sweptAt) return;
    this.sweptAt = now;
    for (const [k, w] of this.windows) if (w.end <= now) this.windows.delete(k);
  }
}

const slotKey = (key: string, start: number) => `${start}\u0000${key}`;

/**
 * The store's counters (PostgreSQL: every API process counts in one table), with windows that
 * ended purged at most once a minute by each process.
 */
export class SharedRateCounter implements RateCounter {
  private purgedAt = 0;

  constructor(private repo: RateCounterRepository, private now: () => number, private onError: (e: unknown) => void) {}

  takeAll(takes: readonly RateTake[]): Promise<{ counts: number[] } | { limited: number }> {
    const now = this.now();
    if (now - this.purgedAt >= 60_000) {
      this.purgedAt = now;
      this.repo.purge(now).catch(this.onError);
    }
    return this.repo.takeAll(takes);
  }

  count(key: string, start: number): Promise<number> {
    return this.repo.count(key, start);
  }
}
